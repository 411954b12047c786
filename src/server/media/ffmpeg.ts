import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { AudioFormat } from './file-formats';
import type { FfmpegBinaries } from './ffmpeg-binaries';
import { LoudnessMeter } from './loudness';
import { PeakAccumulator, type PeakLevels, type PeakSummary } from './peaks';
import { MediaProcessError, ProcessLimiter, runProcess } from './process-runner';
import { writeGainTrack } from './speech-limiter';
import { FloatWavReader } from './wav-stream';

const HARDENING = ['-nostdin', '-hide_banner', '-nostats', '-protocol_whitelist', 'file,pipe'];
export const NOT_AUDIO_MESSAGE = 'This file is not audio we can play. Record again or choose an audio file.';

export class NotAudioError extends Error {
  constructor(message = NOT_AUDIO_MESSAGE) {
    super(message);
  }
}

export interface AudioInput {
  file: string;
  format: AudioFormat;
}

export interface AnalysedAudio extends PeakSummary {
  /** EBU R128 integrated loudness of the mono mix; null when silent throughout or under 0.4 s. */
  loudnessLufs: number | null;
  /** The K-weighted mean square of every 5 ms, for planning the rendition's gain. */
  loudnessSteps: Float32Array;
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
}

export interface Ffmpeg {
  readonly binaries: FfmpegBinaries;
  /**
   * One decode pass over the inputs (joined end to end when several) that yields the duration, the peaks and
   * the loudness; with `joinedOutput`, the joined audio is also written there as Opus in WebM.
   */
  analyse(inputs: AudioInput[], options?: { joinedOutput?: string }): Promise<AnalysedAudio>;
  /** The rendition every browser plays: mono AAC in M4A, gain applied, peaks limited. */
  renderSpeech(input: AudioInput, rendition: SpeechRendition): Promise<void>;
}

function inputArgs(inputs: AudioInput[]): string[] {
  return inputs.flatMap((input) => ['-f', input.format.demuxer, '-i', input.file]);
}

/** Speech is rendered and measured as one mono mix; both passes mix alike, so their samples line up. */
const MONO_MIX = 'aformat=channel_layouts=mono';

/** The filter graph: the inputs joined end to end as mono, for the measurements and with `keepJoined` for a file. */
function analysisGraph(inputCount: number, keepJoined: boolean): string {
  if (inputCount === 1 && !keepJoined) return `[0:a:0]${MONO_MIX}[pcm]`;
  const inputs = Array.from({ length: inputCount }, (_, index) => index);
  return [
    ...inputs.map(
      (index) => `[${index}:a:0]aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=mono[in${index}]`,
    ),
    `${inputs.map((index) => `[in${index}]`).join('')}concat=n=${inputCount}:v=0:a=1[joined]`,
    keepJoined ? `[joined]asplit=2[pcm][forFile]` : `[joined]anull[pcm]`,
  ].join(';');
}

export function createFfmpeg(
  binaries: FfmpegBinaries,
  options: { timeoutMs: number; concurrency?: number | undefined },
): Ffmpeg {
  const limiter = new ProcessLimiter(options.concurrency);
  const timeoutMs = options.timeoutMs;
  return {
    binaries,

    async analyse(inputs, options = {}) {
      const keepJoined = options.joinedOutput !== undefined;
      const args = [...HARDENING, '-loglevel', 'error', ...inputArgs(inputs)];
      args.push('-filter_complex', analysisGraph(inputs.length, keepJoined));
      // Written in large blocks rather than a frame at a time: each pipe read costs this process far more than
      // the bytes it carries.
      args.push('-map', '[pcm]', '-c:a', 'pcm_f32le', '-fflags', '+bitexact', '-flush_packets', '0');
      args.push('-blocksize', '262144', '-f', 'wav', 'pipe:1');
      if (options.joinedOutput) {
        args.push(
          '-map',
          '[forFile]',
          '-c:a',
          'libopus',
          '-b:a',
          '96k',
          '-f',
          'webm',
          '-y',
          options.joinedOutput,
        );
      }
      const wav = new FloatWavReader();
      let meters: { peaks: PeakAccumulator; loudness: LoudnessMeter } | undefined;
      try {
        await limiter.run(() =>
          runProcess(binaries.ffmpeg.path, args, {
            timeoutMs,
            onStdout: (pcm) =>
              pcm.on('data', (chunk: Buffer) => {
                try {
                  const samples = wav.push(chunk);
                  if (wav.sampleRate === null) return;
                  meters ??= {
                    peaks: new PeakAccumulator(wav.sampleRate),
                    loudness: new LoudnessMeter(wav.sampleRate),
                  };
                  meters.peaks.add(samples);
                  meters.loudness.add(samples);
                } catch {
                  pcm.destroy(); // ffmpeg then fails on the closed pipe, and so does this analysis
                }
              }),
          }),
        );
      } catch (error) {
        if (error instanceof MediaProcessError) throw new NotAudioError();
        throw error;
      }
      const summary = meters?.peaks.finish();
      if (!meters || !summary?.durationSeconds)
        throw new NotAudioError('This recording is empty. Record again.');
      return {
        ...summary,
        loudnessLufs: meters.loudness.integrated(),
        loudnessSteps: meters.loudness.stepMeanSquares(),
      };
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
        await limiter.run(() =>
          runProcess(binaries.ffmpeg.path, args, { timeoutMs, cwd, ...(signal && { signal }) }),
        );
      } finally {
        await rm(gainTrack, { force: true });
      }
    },
  };
}
