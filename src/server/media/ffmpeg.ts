import type { AudioFormat } from './file-formats';
import type { FfmpegBinaries } from './ffmpeg-binaries';
import { ANALYSIS_SAMPLE_RATE, PeakAccumulator, type PeakSummary } from './peaks';
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
  /** EBU R128 integrated loudness; null when the audio is silent throughout. */
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

/** The filter graph: join the inputs, then split into 8 kHz mono PCM (first channel) and a loudness meter. */
function analysisGraph(inputCount: number, keepJoined: boolean): string {
  const normalised = Array.from(
    { length: inputCount },
    (_, index) =>
      `[${index}:a:0]aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=mono[in${index}]`,
  );
  const joined =
    inputCount === 1
      ? `[0:a:0]anull[joined]`
      : `${normalised.join(';')};${normalised.map((_, index) => `[in${index}]`).join('')}concat=n=${inputCount}:v=0:a=1[joined]`;
  const outputs = keepJoined ? 3 : 2;
  return [
    joined,
    `[joined]asplit=${outputs}[forPeaks][forLoudness]${keepJoined ? '[forFile]' : ''}`,
    `[forPeaks]pan=mono|c0=c0,aresample=${ANALYSIS_SAMPLE_RATE}[pcm]`,
    `[forLoudness]ebur128=framelog=verbose[meter]`,
  ].join(';');
}

function parseIntegratedLoudness(log: string): number | null {
  const summary = log.slice(log.lastIndexOf('Summary:'));
  const match = /I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary);
  if (!match?.[1] || match[1] === '-inf') return null;
  const value = Number(match[1]);
  // ebur128 reports -70 LUFS (its absolute gate) for silence.
  return value <= -70 ? null : value;
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
      args.push('-map', '[pcm]', '-f', 's16le', 'pipe:1', '-map', '[meter]', '-f', 'null', '-');
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
      const peaks = new PeakAccumulator();
      let log: string;
      try {
        log = await limiter.run(() =>
          runProcess(binaries.ffmpeg.path, args, {
            timeoutMs,
            onStdout: (pcm) => pcm.on('data', (chunk: Buffer) => peaks.push(chunk)),
            keepStderr: true,
          }),
        );
      } catch (error) {
        if (error instanceof MediaProcessError) throw new NotAudioError();
        throw error;
      }
      const summary = peaks.finish();
      if (summary.durationSeconds === 0) throw new NotAudioError('This recording is empty. Record again.');
      return { ...summary, loudnessLufs: parseIntegratedLoudness(log) };
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
