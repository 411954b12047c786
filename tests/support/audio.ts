import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { resolveFfmpeg } from '../../src/server/media/ffmpeg-binary';

const run = promisify(execFile);

/** The ffmpeg the server itself would pick, so tests run wherever the server does. */
export const serverFfmpegPath = resolveFfmpeg({}).path;

/** Writes an ffmpeg stand-in to `file`: a shell script that runs `body`, then the real ffmpeg unless `body` exits. */
export async function writeFfmpegStandIn(file: string, body: string): Promise<string> {
  await writeFile(file, `#!/bin/sh\n${body}\nexec "${serverFfmpegPath}" "$@"\n`);
  await chmod(file, 0o755);
  return file;
}

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

/** What ffmpeg writes to stdout with these arguments (before them: no stdin, errors only). */
export async function ffmpegOutput(args: string[]): Promise<Buffer> {
  const { stdout } = await run(serverFfmpegPath, ['-nostdin', '-loglevel', 'error', ...args], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

/** Where generated audio is kept between suites and test runs, for this build of ffmpeg. */
const generatedAudioDir = (() => {
  const binary = statSync(serverFfmpegPath);
  const build = createHash('sha256')
    .update(`${serverFfmpegPath}:${binary.size}:${binary.mtimeMs}`)
    .digest('hex')
    .slice(0, 16);
  return path.join(os.tmpdir(), 'earshot-test-audio', build);
})();

/**
 * What `make` gives, made once for `key` (whatever determines the bytes) and then read back, in this and later runs:
 * a 15-minute message costs seconds of CPU to encode.
 */
async function madeOnce(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const file = path.join(generatedAudioDir, createHash('sha256').update(key).digest('hex'));
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const audio = await make();
  await mkdir(generatedAudioDir, { recursive: true });
  // Written aside and renamed, so a suite running at the same time never reads half a file.
  const partial = `${file}.${process.pid}.${Math.random().toString(16).slice(2)}`;
  await writeFile(partial, audio);
  await rename(partial, file);
  return audio;
}

/** What `ffmpegOutput(args)` gives, generated once: the same arguments to the same ffmpeg give the same bytes. */
export function generatedAudio(args: string[]): Promise<Buffer> {
  return madeOnce(args.join('\0'), () => ffmpegOutput(args));
}

/**
 * A tone encoded straight to a pipe, as a browser's MediaRecorder writes it: the muxer cannot seek back, so the
 * file carries no duration (WebM) or is fragmented (MP4).
 */
export function streamedTone(options: {
  seconds: number;
  format: string;
  codecArgs: string[];
  frequency?: number;
  gainDb?: number;
}): Promise<Buffer> {
  return generatedAudio([
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${options.frequency ?? 440}:duration=${options.seconds},volume=${options.gainDb ?? 0}dB`,
    ...options.codecArgs,
    '-f',
    options.format,
    'pipe:1',
  ]);
}

/**
 * A tone written to a file, as an app exports one: the muxer seeks back to write the duration and index (cues), so
 * the server stores it as it is rather than remux it. Made once, like `generatedAudio`.
 */
export function writtenTone(options: {
  seconds: number;
  extension: string;
  codecArgs: string[];
  frequency?: number;
  gainDb?: number;
}): Promise<Buffer> {
  return madeOnce(JSON.stringify(['written tone', options]), async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'earshot-tone-'));
    try {
      const file = path.join(directory, `tone.${options.extension}`);
      await makeTone(serverFfmpegPath, file, options);
      return await readFile(file);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
}

/** ffmpeg's one-line description of a file's first audio stream: `Audio: aac (LC) …, 48000 Hz, mono, fltp, …`. */
export async function describeAudioStream(file: string): Promise<string> {
  const { stderr } = await run(serverFfmpegPath, ['-nostdin', '-hide_banner', '-i', file, '-f', 'null', '-']);
  return /Stream #0:\d+.*?: (Audio: .*)/.exec(stderr)?.[1] ?? '';
}

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * A multipart/form-data body with text fields first, then files, as browsers send a FormData built in that order;
 * or the files first, as the spec's voice comment is built (audio, then postId and duration).
 */
export function multipartForm(
  fields: Record<string, string>,
  files: FilePart[],
  order: 'fields first' | 'files first' = 'fields first',
) {
  const boundary = `----earshot${Math.random().toString(16).slice(2)}`;
  const fieldParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const fileParts = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.content,
    Buffer.from('\r\n'),
  ]);
  const parts = order === 'fields first' ? [...fieldParts, ...fileParts] : [...fileParts, ...fieldParts];
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  };
}

export function multipartFile(field: string, filename: string, contentType: string, content: Buffer) {
  return multipartForm({}, [{ field, filename, contentType, content }]);
}

/** EBU R128 integrated loudness and true peak of an encoded file, measured by ffmpeg itself. */
export async function measureLoudness(file: string): Promise<{ integratedLufs: number; truePeakDb: number }> {
  const { stderr } = await run(serverFfmpegPath, [
    '-nostdin',
    '-hide_banner',
    '-nostats',
    '-i',
    file,
    '-af',
    'ebur128=peak=true:framelog=verbose',
    '-f',
    'null',
    '-',
  ]);
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = /I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1];
  const truePeak = /True peak:\s+Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1];
  if (integrated === undefined || truePeak === undefined)
    throw new Error(`no loudness summary in:\n${summary}`);
  return { integratedLufs: Number(integrated), truePeakDb: Number(truePeak) };
}

/**
 * A voice-like tone with a pause in it, over a quiet room's hiss, as a browser's MediaRecorder sends it (Opus in
 * WebM): the tone from 0 to `pauseStart` and from `pauseEnd` to `seconds`. Made once, like `generatedAudio`.
 */
export function toneWithPause(options: {
  pauseStart: number;
  pauseEnd: number;
  seconds: number;
}): Promise<Buffer> {
  const { pauseStart, pauseEnd, seconds } = options;
  return generatedAudio([
    '-f',
    'lavfi',
    '-i',
    `aevalsrc='0.4*sin(2*PI*220*t)*(lt(t,${pauseStart})+gte(t,${pauseEnd}))':d=${seconds}:s=48000`,
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=color=pink:amplitude=0.003:seed=4:d=${seconds}:r=48000`,
    '-filter_complex',
    'amix=inputs=2:duration=first:normalize=0',
    '-ac',
    '1',
    '-c:a',
    'libopus',
    '-f',
    'webm',
    'pipe:1',
  ]);
}
