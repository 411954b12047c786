import type { AudioDurationLimit } from '@shared/domain/audio-limits';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { InsufficientStorageError } from '../errors';
import type { AudioFormat } from './file-formats';
import type { ResolvedBinary } from './ffmpeg-binary';
import { createFfmpegHealth, type FfmpegHealth } from './ffmpeg-check';
import { LoudnessMeter } from './loudness';
import {
  AudioTooLongError,
  DecodeTimedOutError,
  FfmpegUnusableError,
  NOT_AUDIO_MESSAGE,
  NotAudioError,
} from './media-errors';
import { PeakAccumulator, type PeakLevels, type PeakSummary } from './peaks';
import { MediaProcessError, ProcessLimiter, runProcess, type RunOptions } from './process-runner';
import { writeGainTrack } from './speech-limiter';
import { SpeechRangeMeter, type SpeechRanges } from './speech-ranges';
import { MEASURED_PCM_LEVEL, PcmWavReader } from './wav-stream';

const HARDENING = ['-nostdin', '-hide_banner', '-nostats', '-protocol_whitelist', 'file,pipe'];
/** Rates audio is recorded at; a header claiming 1 Hz or 2 GHz is a lie that would make seconds into hours. */
const PLAUSIBLE_SAMPLE_RATES = { lowest: 8000, highest: 384_000 };
/** Encoders pad the last frame, so a recording made to stop at the limit may decode a little longer. */
const LIMIT_TOLERANCE_SECONDS = 0.5;
/** The decode runs this far past the limit, enough to tell a recording over it from one that ends there. */
const DECODE_PAST_LIMIT_SECONDS = 1;
/** Enough decoded audio for ffmpeg to write the WAV header that carries the rate. */
const RATE_CHECK_SECONDS = 0.1;
const OUT_OF_SPACE_WORDS = /No space left on device|Disk quota exceeded/i;
/** ffmpeg exits 0 when only the end of its output file could not be written, leaving a truncated file. */
const OUTPUT_NOT_WRITTEN = /Error writing trailer|Error closing file/;
/** How ffmpeg exits once a signal stopped it, as the kernel's SIGXCPU does past its CPU-time limit. */
const EXIT_AFTER_SIGNAL = 255;

export interface AudioInput {
  file: string;
  format: AudioFormat;
}

export interface AnalysedAudio extends PeakSummary {
  /** EBU R128 integrated loudness of the mono mix; null when silent throughout or under 0.4 s. */
  loudnessLufs: number | null;
  /** The K-weighted mean square of every 5 ms, for planning the rendition's gain. */
  loudnessSteps: Float32Array;
  /** Where the speech is, for the players' skipping of silence. */
  speech: SpeechRanges;
}

export interface SpeechRendition {
  output: string;
  gainDb: number;
  /** Sample peak after gain is limited to this (the encoder adds a little, hence headroom below -1 dBTP). */
  limitDb: number;
  /** The peaks the analysis measured on this same audio: the limiter plans its gain from them. */
  peaks: PeakLevels;
  /** Stops the encode (the process is killed) when aborted. */
  signal?: AbortSignal;
  /** The encode is stopped once ffmpeg has used this much CPU time (see `runFfmpeg`). */
  cpuBudgetMs?: number;
}

/** A stretch of one input, in milliseconds of that input, for an edited join. */
export interface JoinPiece {
  input: number;
  fromMs: number;
  toMs: number;
  /** Fade in at its start / out at its end: where it was cut out of its recording or meets another stretch. */
  fadeIn: boolean;
  fadeOut: boolean;
  /** It runs to its input's end, whose exact sample the length in milliseconds does not tell. */
  toSourceEnd: boolean;
}

/** The containers audio is remuxed into: MP4 (written with its index first) or WebM (with duration and cues). */
export type RemuxFormat = AudioFormat & { demuxer: 'mov' | 'matroska' };

/** A file the one input's audio is copied into as it is decoded, packets as they are, in another container. */
export interface RemuxedOutput {
  file: string;
  format: RemuxFormat;
}

export interface AnalyseOptions {
  /** Also write the joined audio here, as Opus in WebM. */
  joinedOutput?: string;
  /** Also copy the audio (of one input, not joined) into this file, without re-encoding it. */
  remuxedOutput?: RemuxedOutput;
  /**
   * Join these stretches of the inputs, in this order, rather than each input whole. The inputs must be stored
   * audio, whose sample rates were checked when it was stored: they are not checked again.
   */
  pieces?: readonly JoinPiece[];
  /** Refuse audio longer than this; the decode stops just past it rather than read the whole. */
  limit?: AudioDurationLimit;
  /** Stop the decode after this long (at most the configured media timeout). */
  timeoutMs?: number;
  /**
   * Measures for a background render: it then waits in the renders' lane, never ahead of an upload, and is stopped
   * once ffmpeg has used `cpuBudgetMs` of CPU time (see `runFfmpeg`).
   */
  forRender?: { cpuBudgetMs: number };
}

export interface Ffmpeg {
  readonly binary: ResolvedBinary;
  /** Whether ffmpeg works right now (a tiny decode, cached briefly). */
  readonly health: FfmpegHealth;
  /**
   * One decode pass over the inputs (joined end to end when several, each first decoded for a moment on its own
   * to check its sample rate) that yields the duration, the peaks and the loudness. A file that does not decode
   * is a NotAudioError (422); when ffmpeg itself is at fault, an FfmpegUnusableError (503); a full disk, an
   * InsufficientStorageError (507).
   */
  analyse(inputs: AudioInput[], options?: AnalyseOptions): Promise<AnalysedAudio>;
  /** The rendition every browser plays: mono AAC in M4A, gain applied, peaks limited. */
  renderSpeech(input: AudioInput, rendition: SpeechRendition): Promise<void>;
  /** 16 kHz mono 16-bit WAV, what speech recognisers read, in the renders' lane. */
  decodeForRecognition(input: AudioInput, output: string, job: BackgroundDecode): Promise<void>;
}

export interface BackgroundDecode {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

function inputArgs(inputs: AudioInput[]): string[] {
  return inputs.flatMap((input) => ['-f', input.format.demuxer, '-i', input.file]);
}

/**
 * The muxer for a remuxed copy. ffmpeg writes a file it can seek in whole: an MP4 with `+faststart` gets its index
 * (moov) moved ahead of the audio once written, a WebM gets its duration and cues.
 */
const REMUX_MUXERS: Record<RemuxFormat['demuxer'], string[]> = {
  mov: ['-f', 'mp4', '-movflags', '+faststart'],
  matroska: ['-f', 'webm'],
};

function remuxArgs({ file, format }: RemuxedOutput): string[] {
  return ['-map', '0:a:0', '-c', 'copy', ...REMUX_MUXERS[format.demuxer], '-y', file];
}

/** Speech is rendered and measured as one mono mix; both passes mix alike, so their samples line up. */
const MONO_MIX = 'aformat=channel_layouts=mono';
/**
 * The measured PCM is 16-bit (half the bytes of float through the pipe) with headroom, so a decoder's overshoot past
 * full scale (up to +6 dBFS) is measured, not clipped: the limiter sizes its gain from those peaks.
 */
const PCM_HEADROOM = `volume=${MEASURED_PCM_LEVEL}`;
/** The rate the speech models of recognisers are trained at. */
const RECOGNITION_RATE = 16_000;

/** Every input is resampled to this before a join, so an edit's cuts fall on exact samples of one rate. */
const JOIN_RATE = 48_000;
/**
 * The fade at every cut of an edit: 5 ms (240 samples) is far shorter than any syllable, yet long enough that the
 * step in the waveform a butt joint leaves, heard as a click, becomes a ramp too short to hear.
 */
const JOINT_FADE_SAMPLES = 240;
const samplesOf = (ms: number) => Math.round((ms * JOIN_RATE) / 1000);

/**
 * A source's length is stored rounded to the millisecond, so its last sample may come up to half a millisecond
 * (24 samples) before where that length puts it, a sample or so more after resampling: a fade-out at a source's
 * end finishes this much earlier (then silence), so it reaches zero before the audio runs out.
 */
const SOURCE_END_SLACK_SAMPLES = 48;

/**
 * One piece's chain: cut by sample at the join rate, and timestamps made the sample count (a recording's own are
 * rounded to the millisecond and may jump over gaps, and the fades are placed by timestamp), faded where cut.
 */
function pieceFilter(piece: JoinPiece): string {
  const start = samplesOf(piece.fromMs);
  const length = samplesOf(piece.toMs) - start;
  const fade = Math.min(JOINT_FADE_SAMPLES, Math.floor(length / 2));
  const chain = [`atrim=start_sample=${start}:end_sample=${start + length}`, 'asetpts=N/SR/TB'];
  if (piece.fadeIn && fade > 0) chain.push(`afade=t=in:ss=0:ns=${fade}`);
  if (piece.fadeOut && fade > 0) {
    const fadeEnd = piece.toSourceEnd ? Math.max(fade, length - SOURCE_END_SLACK_SAMPLES) : length;
    chain.push(`afade=t=out:ss=${fadeEnd - fade}:ns=${fade}`);
  }
  return chain.join(',');
}

/** The inputs, each decoded once as mono at the join rate, or the pieces of them in their order. */
function joinedParts(inputCount: number, pieces: readonly JoinPiece[] | undefined): string[] {
  const inputs = Array.from({ length: inputCount }, (_, index) => index);
  const resampled = (index: number) =>
    `[${index}:a:0]aformat=sample_fmts=fltp:sample_rates=${JOIN_RATE}:channel_layouts=mono`;
  if (!pieces) {
    return [
      ...inputs.map((index) => `${resampled(index)}[in${index}]`),
      `${inputs.map((index) => `[in${index}]`).join('')}concat=n=${inputCount}:v=0:a=1[joined]`,
    ];
  }
  // Each input is split once for every piece it gives (every input gives at least one).
  return [
    ...inputs.map((index) => {
      const uses = pieces.flatMap((piece, at) => (piece.input === index ? [`[use${at}]`] : []));
      return `${resampled(index)},asplit=${uses.length}${uses.join('')}`;
    }),
    ...pieces.map((piece, at) => `[use${at}]${pieceFilter(piece)}[piece${at}]`),
    `${pieces.map((_, at) => `[piece${at}]`).join('')}concat=n=${pieces.length}:v=0:a=1[joined]`,
  ];
}

/**
 * The filter graph: the inputs (or the pieces of them) joined end to end as mono, for the measurements and with
 * `keepJoined` for a file.
 */
function analysisGraph(inputCount: number, keepJoined: boolean, pieces?: readonly JoinPiece[]): string {
  if (inputCount === 1 && !keepJoined && !pieces) return `[0:a:0]${MONO_MIX},${PCM_HEADROOM}[pcm]`;
  return [
    ...joinedParts(inputCount, pieces),
    keepJoined
      ? `[joined]asplit=2[measured][forFile];[measured]${PCM_HEADROOM}[pcm]`
      : `[joined]${PCM_HEADROOM}[pcm]`,
  ].join(';');
}

interface Decode {
  /** Also write the joined audio here, as Opus in WebM. */
  joinedOutput?: string | undefined;
  remuxedOutput?: RemuxedOutput | undefined;
  pieces?: readonly JoinPiece[] | undefined;
  /** Stop once this much audio has passed through. */
  seconds?: number | undefined;
  timeoutMs: number;
  cpuBudgetMs?: number | undefined;
  lane: ProcessLimiter;
}

/** The measurements of mono PCM as it streams in, refusing a sample rate no recording has. */
class PcmMeters {
  private readonly wav = new PcmWavReader();
  private meters: { peaks: PeakAccumulator; loudness: LoudnessMeter; speech: SpeechRangeMeter } | undefined;

  add(chunk: Buffer): void {
    const samples = this.wav.push(chunk);
    const rate = this.wav.sampleRate;
    if (rate === null) return;
    if (rate < PLAUSIBLE_SAMPLE_RATES.lowest || rate > PLAUSIBLE_SAMPLE_RATES.highest) {
      throw new NotAudioError(
        `This file says its sample rate is ${rate} Hz, which no recording has. Export it again from the app that made it.`,
        `implausible sample rate ${rate} Hz`,
      );
    }
    this.meters ??= {
      peaks: new PeakAccumulator(rate),
      loudness: new LoudnessMeter(rate),
      speech: new SpeechRangeMeter(rate),
    };
    this.meters.peaks.add(samples);
    this.meters.loudness.add(samples);
    this.meters.speech.add(samples);
  }

  finish(): AnalysedAudio {
    const summary = this.meters?.peaks.finish();
    if (!this.meters || !summary?.durationSeconds)
      throw new NotAudioError('This recording is empty. Record again.', 'no samples decoded');
    return {
      ...summary,
      loudnessLufs: this.meters.loudness.integrated(),
      loudnessSteps: this.meters.loudness.stepMeanSquares(),
      speech: this.meters.speech.finish(summary.durationSeconds),
    };
  }
}

export function createFfmpeg(
  binary: ResolvedBinary,
  options: { timeoutMs: number; concurrency?: number | undefined },
): Ffmpeg {
  // Each lane runs up to `concurrency` processes: an upload's analysis, which someone waits for, never queues
  // behind a backlog of background renders.
  const lanes = {
    analysis: new ProcessLimiter(options.concurrency),
    render: new ProcessLimiter(options.concurrency),
  };
  const health = createFfmpegHealth(binary.path, options.timeoutMs);
  const timeoutFor = (budgetMs?: number) => Math.min(options.timeoutMs, budgetMs ?? Infinity);

  /**
   * Runs ffmpeg. Given a CPU budget, its `-timelimit` has the kernel stop it once it has used that much CPU time
   * (RLIMIT_CPU, in whole seconds), a 'timed-out' failure that says so. CPU time, unlike the clock, stands still
   * while other work has the cores: a busy machine slows background work without failing it, and a runaway decode
   * is stopped all the same.
   */
  async function runFfmpeg(args: string[], run: RunOptions, cpuBudgetMs?: number): Promise<string> {
    if (cpuBudgetMs === undefined) return runProcess(binary.path, args, run);
    const seconds = Math.max(1, Math.ceil(cpuBudgetMs / 1000));
    try {
      return await runProcess(binary.path, ['-timelimit', String(seconds), ...args], run);
    } catch (error) {
      if (!(error instanceof MediaProcessError) || error.exitedWith !== EXIT_AFTER_SIGNAL) throw error;
      throw new MediaProcessError(
        `${binary.path} used its budget of ${seconds} s of CPU time and was stopped`,
        'timed-out',
      );
    }
  }

  /** A decode failed: the file's fault only when ffmpeg itself still works and the disk is not full. */
  async function explainDecodeFailure(failure: MediaProcessError): Promise<Error> {
    const problem = await health.problem();
    if (problem) return new FfmpegUnusableError(`ffmpeg at ${binary.path} ${problem}`, { cause: failure });
    if (OUT_OF_SPACE_WORDS.test(failure.message))
      return new InsufficientStorageError(undefined, { cause: failure });
    if (failure.reason === 'timed-out') return new DecodeTimedOutError(NOT_AUDIO_MESSAGE, failure.message);
    return new NotAudioError(NOT_AUDIO_MESSAGE, failure.message);
  }

  /** Decodes the inputs (joined end to end when several) to mono 16-bit PCM, measuring it as it streams. */
  async function decodeToMeters(inputs: AudioInput[], decode: Decode): Promise<PcmMeters> {
    const { joinedOutput, remuxedOutput, seconds, pieces } = decode;
    // An output option, given before each output: both stop once this much has passed through.
    const stopAt = seconds === undefined ? [] : ['-t', String(seconds)];
    const args = [...HARDENING, '-loglevel', 'error', ...inputArgs(inputs)];
    args.push('-filter_complex', analysisGraph(inputs.length, joinedOutput !== undefined, pieces));
    // Written in large blocks rather than a frame at a time: each pipe read costs this process far more than
    // the bytes it carries.
    args.push('-map', '[pcm]', ...stopAt, '-c:a', 'pcm_s16le', '-fflags', '+bitexact', '-flush_packets', '0');
    args.push('-blocksize', '262144', '-f', 'wav', 'pipe:1');
    if (joinedOutput) {
      args.push(
        '-map',
        '[forFile]',
        ...stopAt,
        '-c:a',
        'libopus',
        '-b:a',
        '96k',
        '-f',
        'webm',
        '-y',
        joinedOutput,
      );
    }
    if (remuxedOutput) args.push(...stopAt, ...remuxArgs(remuxedOutput));
    const meters = new PcmMeters();
    let refusal: unknown;
    try {
      await decode.lane.run(() =>
        runFfmpeg(
          args,
          {
            timeoutMs: decode.timeoutMs,
            failOnStderr: OUTPUT_NOT_WRITTEN,
            onStdout: (pcm) =>
              pcm.on('data', (chunk: Buffer) => {
                try {
                  meters.add(chunk);
                } catch (error) {
                  refusal = error;
                  pcm.destroy(); // ffmpeg then stops on the closed pipe
                }
              }),
          },
          decode.cpuBudgetMs,
        ),
      );
    } catch (error) {
      if (refusal) throw refusal;
      if (error instanceof MediaProcessError) throw await explainDecodeFailure(error);
      throw error;
    }
    if (refusal) throw refusal;
    return meters;
  }

  return {
    binary,
    health,

    async analyse(inputs, options = {}) {
      const { joinedOutput, remuxedOutput, limit, pieces } = options;
      if (remuxedOutput && inputs.length !== 1) throw new Error('only a single input is remuxed');
      const lane = options.forRender ? lanes.render : lanes.analysis;
      const cpuBudgetMs = options.forRender?.cpuBudgetMs;
      const timeoutMs = timeoutFor(options.timeoutMs);
      // An edit's pieces all come from stored audio, each checked so when it was stored.
      if (inputs.length > 1 && !pieces) {
        // The join resamples every input to one rate, which hides a rate no recording has (1 Hz makes seconds
        // into hours of decoding): the first moment of each input decoded on its own shows its rate.
        await Promise.all(
          inputs.map((input) => decodeToMeters([input], { seconds: RATE_CHECK_SECONDS, timeoutMs, lane })),
        );
      }
      const seconds = limit && limit.seconds + DECODE_PAST_LIMIT_SECONDS;
      const decode = { joinedOutput, remuxedOutput, pieces, seconds, timeoutMs, cpuBudgetMs, lane };
      const meters = await decodeToMeters(inputs, decode);
      const analysis = meters.finish();
      if (limit && analysis.durationSeconds > limit.seconds + LIMIT_TOLERANCE_SECONDS) {
        throw new AudioTooLongError(limit, analysis.durationSeconds);
      }
      return analysis;
    },

    async renderSpeech(input, rendition) {
      const { peaks } = rendition;
      // The gain track sits beside the output; ffmpeg runs there, so the filter names it without a path to escape.
      const gainTrack = `${rendition.output}.gain.wav`;
      const gainTrackName = path.basename(gainTrack);
      if (!/^[\w.-]+$/.test(gainTrackName)) throw new Error(`unsafe gain track name ${gainTrackName}`);
      const graph = [
        `amovie=${gainTrackName}:f=wav,aresample=${peaks.sampleRate}:filter_size=8[gain]`,
        `[0:a:0]${MONO_MIX}[speech]`,
        `[speech][gain]amultiply[out]`,
      ].join(';');
      const args = [...HARDENING, '-loglevel', 'error', ...inputArgs([input])];
      args.push('-filter_complex', graph, '-map', '[out]');
      args.push(
        '-c:a',
        'aac',
        '-aac_coder',
        'fast',
        '-b:a',
        '96k',
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        '-y',
        rendition.output,
      );
      try {
        await writeGainTrack(gainTrack, peaks, rendition.gainDb, rendition.limitDb);
        const cwd = path.dirname(gainTrack);
        const signal = rendition.signal;
        await lanes.render.run(() =>
          runFfmpeg(
            args,
            { timeoutMs: timeoutFor(), cwd, failOnStderr: OUTPUT_NOT_WRITTEN, ...(signal && { signal }) },
            rendition.cpuBudgetMs,
          ),
        );
      } finally {
        await rm(gainTrack, { force: true });
      }
    },

    async decodeForRecognition(input, output, { timeoutMs, signal }) {
      const args = [...HARDENING, '-loglevel', 'error', ...inputArgs([input])];
      args.push('-map', '0:a:0', '-af', `${MONO_MIX},aresample=${RECOGNITION_RATE}`);
      args.push('-c:a', 'pcm_s16le', '-f', 'wav', '-y', output);
      await lanes.render.run(() =>
        runProcess(binary.path, args, {
          timeoutMs: timeoutFor(timeoutMs),
          failOnStderr: OUTPUT_NOT_WRITTEN,
          ...(signal && { signal }),
        }),
      );
    },
  };
}
