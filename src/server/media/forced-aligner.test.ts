import { computeWordTimings } from '@shared/domain/transcript-timing';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorPercentiles,
  speakWords,
  SPOKEN_GAPS,
  SPOKEN_SENTENCES,
  type SpokenRecording,
} from '../../../tests/support/spoken-words';
import { resolveFfmpeg } from './ffmpeg-binary';
import { createFfmpeg, type AudioInput } from './ffmpeg';
import { createForcedAligner } from './forced-aligner';

const WAV: AudioInput['format'] = { demuxer: 'wav', mime: 'audio/wav', extension: 'wav' };
const ffmpeg = createFfmpeg(resolveFfmpeg({}), { timeoutMs: 60_000 });

let directory: string;
let scratch: string;
let counter = 0;
const newScratchPath = async (extension: string) => path.join(scratch, `${(counter += 1)}.${extension}`);
const aligner = (searchPath = process.env.PATH) =>
  createForcedAligner({ ffmpeg, newScratchPath, searchPath });

let recording: SpokenRecording;
let text: string;
beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'earshot-align-'));
  scratch = path.join(directory, 'scratch');
  await import('node:fs/promises').then(({ mkdir }) => mkdir(scratch));
  const words = SPOKEN_SENTENCES.join(' ').split(' ');
  recording = await speakWords(words, { gaps: SPOKEN_GAPS, file: path.join(directory, 'words.wav') });
  // As an author types it: capitals and punctuation the recogniser never hears.
  text = SPOKEN_SENTENCES.map((sentence) => `${sentence[0]!.toUpperCase()}${sentence.slice(1)}.`).join(' ');
}, 60_000);
afterAll(() => (directory ? rm(directory, { recursive: true, force: true }) : undefined));

const input = (): AudioInput => ({ file: recording.file, format: WAV });

describe('forced alignment with pocketsphinx', () => {
  it('puts word starts near the truth, where the letter-count estimate is far off', async () => {
    const outcome = await aligner().align(input(), text, recording.duration);
    expect(outcome.kind, JSON.stringify(outcome)).toBe('aligned');
    if (outcome.kind !== 'aligned') return;
    expect(outcome.times).toHaveLength(recording.words.length);
    const estimate = computeWordTimings(text, recording.duration);
    const aligned = errorPercentiles(
      outcome.times.map(([start], index) => start - recording.words[index]!.start),
    );
    const estimated = errorPercentiles(
      estimate.map((word, index) => word.start - recording.words[index]!.start),
    );
    expect(aligned.median).toBeLessThan(0.15);
    expect(estimated.median).toBeGreaterThan(0.3);
    // Every time is within the recording, in order.
    outcome.times.forEach(([start, end], index) => {
      expect(end).toBeGreaterThanOrEqual(start);
      expect(start).toBeGreaterThanOrEqual(outcome.times[index - 1]?.[1] ?? 0);
      expect(end).toBeLessThanOrEqual(recording.duration);
    });
    expect(await readdir(scratch)).toEqual([]);
  }, 60_000);

  it('keeps the estimate where the recogniser is not on the PATH', async () => {
    const outcome = await aligner('/nowhere').align(input(), text, recording.duration);
    expect(outcome).toEqual({ kind: 'estimated', reason: expect.stringContaining('not installed') });
  });

  it('keeps the estimate for a transcript of other words than were said', async () => {
    const other = 'Bananas are yellow and monkeys climb tall green trees in summer. '.repeat(3);
    const outcome = await aligner().align(input(), other, recording.duration);
    expect(outcome.kind).toBe('estimated');
  }, 60_000);

  it('keeps the estimate for a text that is not English', async () => {
    const outcome = await aligner().align(
      input(),
      'Der schnelle braune Fuchs springt über den faulen Hund, sagte Größenwahn.',
      recording.duration,
    );
    expect(outcome).toEqual({ kind: 'estimated', reason: expect.stringContaining('dictionary') });
  });

  it('gives words the dictionary does not know times between their aligned neighbours', async () => {
    const withUnknown = text.replace('lazy dog', 'lazy zxqvb dog');
    const outcome = await aligner().align(input(), withUnknown, recording.duration);
    if (outcome.kind !== 'aligned') return expect.fail(JSON.stringify(outcome));
    const words = withUnknown.split(' ');
    const unknown = words.indexOf('zxqvb');
    const [before, made, after] = outcome.times.slice(unknown - 1, unknown + 2);
    expect(made![0]).toBeGreaterThanOrEqual(before![1]);
    expect(made![1]).toBeLessThanOrEqual(after![0]);
  }, 60_000);
});
