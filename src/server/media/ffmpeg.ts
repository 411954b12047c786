import type { AudioFormat } from './file-formats';
import type { FfmpegBinaries } from './ffmpeg-binaries';
import { LoudnessMeter } from './loudness';
import { ANALYSIS_SAMPLE_RATE, Int16Chunker, PeakAccumulator, type PeakSummary } from './peaks';
import { MediaProcessError, ProcessLimiter, runProcess } from './process-runner';

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
  /** EBU R128 integrated loudness (measured at 8 kHz); null when silent throughout or under 0.4 s. */
  loudnessLufs: number | null;
}

export interface SpeechRendition {
  output: string;
  gainDb: number;
  /** Sample peak after gain is limited to this (the encoder adds a little, hence headroom below -1 dBTP). */
  limitDb: number;
}

export interface Ffmpeg {
  readonly binaries: FfmpegBinaries;
  /**
   * One decode pass over the inputs (joined end to end when several) that yields the duration, the peaks and
   * the loudness; with `joinedOutput`, the joined audio is also written there as Opus in WebM.
   */
  analyse(inputs: AudioInput[], options?: { joinedOutput?: string }): Promise<AnalysedAudio>;
  /** The rendition every browser plays: AAC in M4A, gain applied, peaks limited. */
  renderSpeech(input: AudioInput, rendition: SpeechRendition): Promise<void>;
}

function inputArgs(inputs: AudioInput[]): string[] {
  return inputs.flatMap((input) => ['-f', input.format.demuxer, '-i', input.file]);
}

/**
 * The filter graph: the inputs joined end to end (as mono, so they fit together), then 8 kHz PCM of the first
 * channel for the peaks and the loudness, and with `keepJoined` the joined audio for a file as well.
 */
function analysisGraph(inputCount: number, keepJoined: boolean): string {
  const toPcm = `pan=mono|c0=c0,aresample=${ANALYSIS_SAMPLE_RATE}`;
  if (inputCount === 1 && !keepJoined) return `[0:a:0]${toPcm}[pcm]`;
  const inputs = Array.from({ length: inputCount }, (_, index) => index);
  return [
    ...inputs.map(
      (index) => `[${index}:a:0]aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=mono[in${index}]`,
    ),
    `${inputs.map((index) => `[in${index}]`).join('')}concat=n=${inputCount}:v=0:a=1[joined]`,
    keepJoined ? `[joined]asplit=2[forPeaks][forFile]` : `[joined]anull[forPeaks]`,
    `[forPeaks]${toPcm}[pcm]`,
  ].join(';');
}

const LAYOUT_CHANNELS: Record<string, number> = {
  mono: 1,
  stereo: 2,
  '2.1': 3,
  '3.0': 3,
  quad: 4,
  '4.0': 4,
  '5.0': 5,
  '5.1': 6,
  '7.1': 8,
};

/** Channels of the (single) input, from ffmpeg's description of it: `Audio: opus, 48000 Hz, stereo, fltp`. */
function inputChannels(log: string): number {
  const layout = /Stream #0:\d+.*?: Audio: [^,]+, \d+ Hz, ([^,(]+)/.exec(log)?.[1]?.trim() ?? 'mono';
  return LAYOUT_CHANNELS[layout] ?? Number(/^(\d+) channels$/.exec(layout)?.[1] ?? 1);
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
      const args = [...HARDENING, '-loglevel', 'info', ...inputArgs(inputs)];
      args.push('-filter_complex', analysisGraph(inputs.length, keepJoined));
      args.push('-map', '[pcm]', '-f', 's16le', 'pipe:1');
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
      const chunker = new Int16Chunker();
      const peaks = new PeakAccumulator();
      const loudness = new LoudnessMeter(ANALYSIS_SAMPLE_RATE);
      let log: string;
      try {
        log = await limiter.run(() =>
          runProcess(binaries.ffmpeg.path, args, {
            timeoutMs,
            onStdout: (pcm) =>
              pcm.on('data', (chunk: Buffer) => {
                const samples = chunker.push(chunk);
                peaks.add(samples);
                loudness.add(samples);
              }),
            keepStderr: true,
          }),
        );
      } catch (error) {
        if (error instanceof MediaProcessError) throw new NotAudioError();
        throw error;
      }
      const summary = peaks.finish();
      if (summary.durationSeconds === 0) throw new NotAudioError('This recording is empty. Record again.');
      // Joined inputs are mixed down to mono; a single input's PCM is its first channel.
      const channels = inputs.length === 1 ? inputChannels(log) : 1;
      return { ...summary, loudnessLufs: loudness.integrated(channels) };
    },

    async renderSpeech(input, rendition) {
      const limit = 10 ** (rendition.limitDb / 20);
      const args = [...HARDENING, '-loglevel', 'error', ...inputArgs([input])];
      args.push(
        '-map',
        '0:a:0',
        '-vn',
        '-af',
        `volume=${rendition.gainDb.toFixed(2)}dB,alimiter=limit=${limit.toFixed(4)}:level=false`,
      );
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
      await limiter.run(() => runProcess(binaries.ffmpeg.path, args, { timeoutMs }));
    },
  };
}
