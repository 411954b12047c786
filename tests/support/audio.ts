import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { resolveFfmpegBinaries } from '../../src/server/media/ffmpeg-binaries';

const run = promisify(execFile);

/** The ffmpeg the server itself would pick, so tests run wherever the server does. */
export const serverFfmpegPath = resolveFfmpegBinaries({}).ffmpeg.path;

/** Writes a sine tone with ffmpeg; the container follows the file's extension unless `format` is given. */
export async function makeTone(
  ffmpegPath: string,
  file: string,
  options: { seconds: number; frequency?: number; gainDb?: number; format?: string; codecArgs?: string[] },
): Promise<void> {
  await run(ffmpegPath, [
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${options.frequency ?? 440}:duration=${options.seconds},volume=${options.gainDb ?? 0}dB`,
    ...(options.codecArgs ?? []),
    ...(options.format ? ['-f', options.format] : []),
    file,
  ]);
}

export function multipartFile(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = `----earshot${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}
