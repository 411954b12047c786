import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { serverFfmpegPath } from './audio';

const run = promisify(execFile);
const RATE = 16_000;
/** Below this (-50 dBFS) a sample is the silence espeak-ng leaves around a word. */
const SILENCE = 10 ** (-50 / 20);
const CACHE = path.join(os.tmpdir(), 'earshot-test-audio', 'spoken-words');

/** Where each word is in a recording: the truth the aligner is measured against. */
export interface SpokenWord {
  text: string;
  start: number;
  end: number;
}

export interface SpokenRecording {
  /** 16 kHz mono 16-bit WAV. */
  file: string;
  duration: number;
  words: SpokenWord[];
}

/** Where one word spoken in one voice is kept, as mono 16-bit samples at RATE. */
const cachedWord = (word: string, voice: string) =>
  path.join(CACHE, `${voice}-${Buffer.from(word).toString('hex')}.raw`);

/**
 * Speaks the words not yet kept, each with espeak-ng, and brings them all to RATE in one ffmpeg run: a process
 * start costs far more than the few samples each carries. Each is written under a name of this process's own and
 * then renamed, so a suite reading the same word in another process (CI runs two passes at once) never reads
 * half of one.
 */
async function speakMissing(words: readonly string[], voice: string): Promise<void> {
  await mkdir(CACHE, { recursive: true });
  const missing = [...new Set(words)].filter((word) => !existsSync(cachedWord(word, voice)));
  if (missing.length === 0) return;
  const partial = (word: string) => `${cachedWord(word, voice)}.${process.pid}`;
  await Promise.all(
    missing.map((word) => run('espeak-ng', ['-v', voice, '-w', `${partial(word)}.wav`, word])),
  );
  const args = ['-nostdin', '-loglevel', 'error', '-y'];
  for (const word of missing) args.push('-i', `${partial(word)}.wav`);
  for (const [index, word] of missing.entries()) {
    args.push('-map', `${index}:a`, '-ac', '1', '-ar', String(RATE), '-f', 's16le', partial(word));
  }
  await run(serverFfmpegPath, args);
  for (const word of missing) {
    await rename(partial(word), cachedWord(word, voice));
    await rm(`${partial(word)}.wav`, { force: true });
  }
}

/** Mono 16-bit samples of one word kept by `speakMissing`, with the silence around it cut off. */
async function spokenWord(word: string, voice: string): Promise<Int16Array> {
  const bytes = await readFile(cachedWord(word, voice));
  const samples = new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
  const loud = (sample: number) => Math.abs(sample) / 32768 > SILENCE;
  const first = samples.findIndex(loud);
  const last = samples.findLastIndex(loud);
  return first < 0 ? new Int16Array(0) : samples.slice(first, last + 1);
}

/** A little room noise, so the pauses are not digital silence (no microphone records that). */
function roomNoise(count: number, seed: number): Int16Array {
  const noise = new Int16Array(count);
  let state = seed;
  for (let index = 0; index < count; index += 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    noise[index] = Math.round((state / 2_147_483_648 - 0.5) * 60);
  }
  return noise;
}

/**
 * `words` spoken one at a time by espeak-ng and joined with pauses of `gaps` seconds (one after each word, and
 * `lead` before the first), so every word's start and end is known exactly.
 */
export async function speakWords(
  words: readonly string[],
  options: { gaps: readonly number[]; lead?: number; voice?: string; file: string },
): Promise<SpokenRecording> {
  const { gaps, lead = 0.4, voice = 'en-us', file } = options;
  const pieces: Int16Array[] = [roomNoise(Math.round(lead * RATE), 1)];
  const truth: SpokenWord[] = [];
  let at = pieces[0]!.length;
  await speakMissing(words, voice);
  for (const [index, text] of words.entries()) {
    const samples = await spokenWord(text, voice);
    truth.push({ text, start: at / RATE, end: (at + samples.length) / RATE });
    const gap = roomNoise(Math.round((gaps[index % gaps.length] ?? 0.25) * RATE), index + 2);
    pieces.push(samples, gap);
    at += samples.length + gap.length;
  }
  const pcm = Buffer.concat(
    pieces.map((piece) => Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength)),
  );
  await writeFile(file, Buffer.concat([wavHeader(pcm.length), pcm]));
  return { file, duration: at / RATE, words: truth };
}

function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** The words of a few sentences people might say in a voice post, for recordings of known word boundaries. */
export const SPOKEN_SENTENCES = [
  'the quick brown fox jumps over the lazy dog',
  'i recorded this on my walk to work this morning',
  'we finished the second mix last night and it sounds better than i hoped',
  'speak anyway and let people correct you every single time',
];

/** Pauses between words as people leave them: short, a few longer at a breath. */
export const SPOKEN_GAPS = [0.15, 0.3, 0.2, 0.35, 0.18, 0.6, 0.25, 0.22, 1.1, 0.28];

/** Median and 90th percentile of absolute errors, in seconds. */
export function errorPercentiles(errors: readonly number[]): { median: number; p90: number } {
  const sorted = errors.map(Math.abs).sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;
  return { median: at(0.5), p90: at(0.9) };
}
