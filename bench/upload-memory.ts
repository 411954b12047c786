import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_AUDIO_BYTES } from '../src/shared/domain/posts';
import { signUp } from './http-load';
import { startMainServer } from './main-server';
import { memoryOf } from './proc-stats';
import { log, median, type Row } from './report';
import type { Workspace } from './workspace';

const SAMPLE_RATE = 48_000;
const CHANNELS = 2;
const BYTES_PER_SECOND = SAMPLE_RATE * CHANNELS * 2;
const UPLOAD_TIMEOUT_MS = 180_000;

function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(CHANNELS, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(BYTES_PER_SECOND, 28);
  header.writeUInt16LE(CHANNELS * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** One second of a voice-like signal (a tone with syllable-rate bursts and a little noise), repeated as needed. */
function voiceSecond(): Buffer {
  const buffer = Buffer.alloc(BYTES_PER_SECOND);
  for (let frame = 0; frame < SAMPLE_RATE; frame += 1) {
    const t = frame / SAMPLE_RATE;
    const envelope = Math.max(0, Math.sin(2 * Math.PI * 3.7 * t)) ** 2;
    const value = envelope * (0.35 * Math.sin(2 * Math.PI * 180 * t) + 0.1 * Math.sin(2 * Math.PI * 720 * t));
    const sample = Math.round((value + (Math.random() - 0.5) * 0.01) * 32767);
    for (let channel = 0; channel < CHANNELS; channel += 1) {
      buffer.writeInt16LE(sample, (frame * CHANNELS + channel) * 2);
    }
  }
  return buffer;
}

/** A multipart body with a WAV of `fileBytes`, generated while it is sent: never whole in this process either. */
function* multipartWav(boundary: string, fileBytes: number, second: Buffer): Generator<Buffer> {
  yield Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nMemory bench\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="long.wav"\r\n` +
      'Content-Type: audio/wav\r\n\r\n',
  );
  const dataBytes = fileBytes - 44;
  yield wavHeader(dataBytes);
  const piece = 64 * 1024;
  for (let sent = 0; sent < dataBytes;) {
    const offset = sent % second.length;
    const length = Math.min(piece, second.length - offset, dataBytes - sent);
    yield second.subarray(offset, offset + length);
    sent += length;
  }
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

function multipartLength(boundary: string, fileBytes: number, second: Buffer): number {
  let total = 0;
  // Only the small framing parts are materialised; the data pieces are counted by their lengths.
  for (const part of multipartWav(boundary, fileBytes, second)) total += part.length;
  return total;
}

interface UploadAnswer {
  status: number;
  body: string;
  elapsedMs: number;
}

/** POSTs the generated body with backpressure; an answer that arrives before the body is sent (413) counts. */
function streamUpload(
  port: number,
  cookie: string,
  fileBytes: number,
  second: Buffer,
): Promise<UploadAnswer> {
  const boundary = `----earshotbench${randomBytes(12).toString('hex')}`;
  const start = performance.now();
  return new Promise((resolve, reject) => {
    let answer: UploadAnswer | undefined;
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/posts',
      headers: {
        cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': multipartLength(boundary, fileBytes, second),
      },
    });
    request.setTimeout(UPLOAD_TIMEOUT_MS, () => request.destroy(new Error('upload timed out')));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        answer = {
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          elapsedMs: performance.now() - start,
        };
        resolve(answer);
      });
    });
    request.on('error', (error) => {
      if (!answer) reject(error);
    });
    const parts = multipartWav(boundary, fileBytes, second);
    const write = () => {
      for (let next = parts.next(); !next.done; next = parts.next()) {
        if (request.destroyed) return;
        if (!request.write(next.value)) {
          request.once('drain', write);
          return;
        }
      }
      request.end();
    };
    write();
  });
}

/** RSS of the processes the server started (ffmpeg), from /proc; 0 when it runs none or /proc hides them. */
async function childrenRssMiB(pid: number): Promise<number> {
  try {
    const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8'))
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    const sizes = await Promise.all(children.map(async (child) => (await memoryOf(Number(child))).rssMiB));
    // A child that has just exited (a zombie) has no VmRSS line.
    return sizes.filter(Number.isFinite).reduce((sum, size) => sum + size, 0);
  } catch {
    return 0;
  }
}

export interface MemoryTrace<T = UploadAnswer> {
  answer: T;
  peakRssMiB: number;
  hwmAfterMiB: number;
  peakChildrenMiB: number;
  samples: number;
}

/** Samples the server's RSS every 20 ms from the first byte sent to the last byte of the answer. */
export async function traceUpload<T>(pid: number, upload: () => Promise<T>): Promise<MemoryTrace<T>> {
  let done = false;
  let peakRssMiB = 0;
  let peakChildrenMiB = 0;
  let samples = 0;
  const sampler = (async () => {
    while (!done) {
      const [memory, children] = await Promise.all([memoryOf(pid), childrenRssMiB(pid)]);
      peakRssMiB = Math.max(peakRssMiB, memory.rssMiB);
      peakChildrenMiB = Math.max(peakChildrenMiB, children);
      samples += 1;
      await sleep(20);
    }
  })();
  try {
    return {
      answer: await upload(),
      peakRssMiB,
      hwmAfterMiB: (await memoryOf(pid)).hwmMiB,
      peakChildrenMiB,
      samples,
    };
  } finally {
    done = true;
    await sampler;
  }
}

/** VmHWM catches a peak between two samples, if it rose above every earlier peak of the process. */
export function peakOf(trace: MemoryTrace<unknown>, hwmBeforeMiB: number): number {
  return trace.hwmAfterMiB > hwmBeforeMiB ? Math.max(trace.peakRssMiB, trace.hwmAfterMiB) : trace.peakRssMiB;
}

export async function idleRssMiB(pid: number): Promise<number> {
  await sleep(1000);
  const samples: number[] = [];
  for (let index = 0; index < 10; index += 1) {
    samples.push((await memoryOf(pid)).rssMiB);
    await sleep(100);
  }
  return median(samples);
}

export async function benchUploadMemory(workspace: Workspace): Promise<{ rows: Row[]; notes: string[] }> {
  const dataDir = await workspace.dir('upload-data');
  const server = await startMainServer(workspace, dataDir);
  const { port, child } = server;
  try {
    const pid = server.pid;
    const cookie = await signUp(port, 'memory-bench@example.com');
    const second = voiceSecond();

    // A small upload first, so that what loads lazily on the first upload is part of "idle", as on a live server.
    const warm = await streamUpload(port, cookie, 5 * BYTES_PER_SECOND + 44, second);
    if (warm.status !== 201) throw new Error(`warm-up upload failed: ${warm.status} ${warm.body}`);

    const fileBytes = 99 * 1024 * 1024;
    const idle = await idleRssMiB(pid);
    const hwmBefore = (await memoryOf(pid)).hwmMiB;
    log(`upload: idle RSS ${idle.toFixed(1)} MiB; streaming a ${(fileBytes / 2 ** 20).toFixed(0)} MiB WAV`);
    const accepted = await traceUpload(pid, () => streamUpload(port, cookie, fileBytes, second));
    if (accepted.answer.status !== 201)
      throw new Error(`the 99 MiB upload failed: ${accepted.answer.status} ${accepted.answer.body}`);
    const measured = (JSON.parse(accepted.answer.body) as { duration: number }).duration;
    const expected = (fileBytes - 44) / BYTES_PER_SECOND;
    if (Math.abs(measured - expected) > 1)
      throw new Error(`server measured ${measured} s, expected ${expected} s`);

    const idleAfter = await idleRssMiB(pid);
    const tooLarge = MAX_AUDIO_BYTES + 5 * 1024 * 1024;
    log(
      `upload: idle RSS ${idleAfter.toFixed(1)} MiB; streaming ${(tooLarge / 2 ** 20).toFixed(0)} MiB, expecting 413`,
    );
    const refused = await traceUpload(pid, () => streamUpload(port, cookie, tooLarge, second));
    if (refused.answer.status !== 413) throw new Error(`over-limit upload answered ${refused.answer.status}`);

    const acceptedPeak = peakOf(accepted, hwmBefore);
    const refusedPeak = peakOf(refused, accepted.hwmAfterMiB);
    const rows: Row[] = [
      {
        section: 'Upload memory',
        measure: 'Server RSS above idle, 99 MiB WAV to POST /api/posts',
        ours: acceptedPeak - idle,
        unit: 'MiB',
        goal: { kind: 'below', value: 64 },
      },
      {
        section: 'Upload memory',
        measure: 'Server RSS above idle, 105 MiB upload refused (413)',
        ours: refusedPeak - idleAfter,
        unit: 'MiB',
        goal: { kind: 'below', value: 64 },
      },
    ];
    const notes = [
      `Upload memory: server = node --import tsx src/server/main.ts (NODE_ENV=production, SQLite, LOG_LEVEL=warn) in its ` +
        `own process; RSS from /proc/<pid>/status every 20 ms plus VmHWM, after one small warm-up upload. ` +
        `99 MiB WAV (${expected.toFixed(0)} s, 48 kHz stereo): idle ${idle.toFixed(1)} MiB, peak ${acceptedPeak.toFixed(1)} MiB ` +
        `(${accepted.samples} samples), answered 201 in ${(accepted.answer.elapsedMs / 1000).toFixed(1)} s, duration ` +
        `measured ${measured} s; ffmpeg's own peak RSS (a separate process) ${accepted.peakChildrenMiB.toFixed(1)} MiB. ` +
        `413 path: idle ${idleAfter.toFixed(1)} MiB, peak ${refusedPeak.toFixed(1)} MiB, answered in ` +
        `${(refused.answer.elapsedMs / 1000).toFixed(1)} s.`,
    ];
    return { rows, notes };
  } finally {
    await workspace.stop(child);
  }
}
