import type { Readable } from 'node:stream';
import type { FfmpegBinaries } from './ffmpeg-binaries';
import { ProcessLimiter, runProcess } from './process-runner';

/** Demuxers we accept, keyed by the first name ffprobe reports. Anything else is refused before decoding. */
const ALLOWED_INPUT_FORMATS = new Set(['matroska', 'mov', 'wav', 'mp3', 'ogg', 'flac', 'aac']);
const HARDENING = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'file,pipe'];
const PROBE_TIMEOUT_MS = 30_000;
const DECODE_TIMEOUT_MS = 10 * 60_000;

export interface ProbedAudio {
  /** The demuxer to force when decoding, so ffmpeg never guesses from the content again. */
  inputFormat: string;
  codec: string;
  sampleRate: number;
  channels: number;
}

export class NotAudioError extends Error {}

interface ProbeOutput {
  format?: { format_name?: string };
  streams?: Array<{ codec_type?: string; codec_name?: string; sample_rate?: string; channels?: number }>;
}

export interface Ffmpeg {
  readonly binaries: FfmpegBinaries;
  /** Identifies the file by its content; throws NotAudioError for anything we do not decode. */
  probeAudio(file: string): Promise<ProbedAudio>;
  /** Streams the first audio stream as mono signed 16-bit little-endian PCM at `sampleRate`. */
  decodeMonoPcm(
    file: string,
    probed: ProbedAudio,
    sampleRate: number,
    onPcm: (pcm: Readable) => void,
  ): Promise<void>;
}

export function createFfmpeg(binaries: FfmpegBinaries, limiter = new ProcessLimiter()): Ffmpeg {
  return {
    binaries,

    async probeAudio(file) {
      let output: ProbeOutput;
      try {
        const json = await limiter.run(() =>
          runProcess(
            binaries.ffprobe.path,
            [
              '-v',
              'error',
              '-protocol_whitelist',
              'file,pipe',
              '-print_format',
              'json',
              '-show_format',
              '-show_streams',
              file,
            ],
            { timeoutMs: PROBE_TIMEOUT_MS },
          ),
        );
        output = JSON.parse(json) as ProbeOutput;
      } catch {
        throw new NotAudioError('This file is not audio we can play. Record again or choose an audio file.');
      }
      const inputFormat = output.format?.format_name?.split(',')[0] ?? '';
      const audio = output.streams?.find((stream) => stream.codec_type === 'audio');
      if (!audio || !ALLOWED_INPUT_FORMATS.has(inputFormat)) {
        throw new NotAudioError('This file is not audio we can play. Record again or choose an audio file.');
      }
      return {
        inputFormat,
        codec: audio.codec_name ?? 'unknown',
        sampleRate: Number(audio.sample_rate ?? 0),
        channels: audio.channels ?? 0,
      };
    },

    async decodeMonoPcm(file, probed, sampleRate, onPcm) {
      const args = [...HARDENING, '-f', probed.inputFormat, '-i', file];
      args.push('-map', '0:a:0', '-af', 'pan=mono|c0=c0', '-ar', String(sampleRate), '-f', 's16le', 'pipe:1');
      await limiter.run(() =>
        runProcess(binaries.ffmpeg.path, args, { timeoutMs: DECODE_TIMEOUT_MS, onStdout: onPcm }),
      );
    },
  };
}
