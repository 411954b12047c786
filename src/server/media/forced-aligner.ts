import { constants, createReadStream } from 'node:fs';
import { access, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  candidateWords,
  exactGrammar,
  mapHeardWords,
  parseHeardWords,
  planAlignment,
  type AlignmentOutcome,
} from './alignment-plan';
import type { AudioInput, Ffmpeg } from './ffmpeg';
import { MediaProcessError, ProcessLimiter, runProcess } from './process-runner';

/** Debian's `pocketsphinx` and `pocketsphinx-en-us` (0.8+5prealpha): the recogniser and its US English model. */
const RECOGNISER = 'pocketsphinx_continuous';
export const DEBIAN_ENGLISH_MODEL = '/usr/share/pocketsphinx/model/en-us';
const modelFiles = (modelDir: string) => ({
  acoustic: path.join(modelDir, 'en-us'),
  dictionary: path.join(modelDir, 'cmudict-en-us.dict'),
});

/**
 * Longer recordings keep the estimate: one grammar over a whole hour already costs about a minute of CPU, and
 * beyond that a recording wants cutting into sentences first.
 */
export const MAX_ALIGNED_SECONDS = 3600;
/**
 * The recogniser's time: 20 s plus a quarter of the recording. It measured about 1.2 s of CPU a minute of speech
 * (bench `--only=alignment`), so this is more than ten times that on a busy machine.
 */
const ALIGN_BUDGET_BASE_MS = 20_000;
const ALIGN_BUDGET_MS_PER_AUDIO_SECOND = 250;
/**
 * Its search beams, far wider than its defaults: with those, synthetic and clear speech often ended outside the
 * grammar ("Final result does not match the grammar") and nothing was aligned. With `-remove_silence no` the
 * recording is one utterance and its times are the recording's own, pauses included.
 */
const SEARCH_ARGS = ['-beam', '1e-100', '-pbeam', '1e-100', '-wbeam', '1e-80', '-remove_silence', 'no'];

export interface ForcedAligner {
  /**
   * Times for every word of `text` as spoken in `input`, or why its estimate stays: no recogniser installed, a
   * recording too long, too few English words, or an alignment that is not trusted.
   */
  align(
    input: AudioInput,
    text: string,
    durationSeconds: number,
    signal?: AbortSignal,
  ): Promise<AlignmentOutcome>;
}

export interface ForcedAlignerOptions {
  ffmpeg: Ffmpeg;
  /** Where the scratch files of one alignment go (a fresh path with this extension each call). */
  newScratchPath: (extension: string) => Promise<string>;
  /** The directories searched for the recogniser, as `PATH` lists them. */
  searchPath: string | undefined;
  modelDir?: string;
  /** Recognisers run at once in this process (each takes one core). */
  concurrency?: number;
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The recogniser on `searchPath`, if it is there and its model is installed. */
async function findRecogniser(searchPath: string | undefined, modelDir: string): Promise<string | undefined> {
  const model = modelFiles(modelDir);
  try {
    await access(path.join(model.acoustic, 'mdef'));
    await access(model.dictionary);
  } catch {
    return undefined;
  }
  for (const directory of (searchPath ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(directory, RECOGNISER);
    if (await isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** The dictionary's lines for `words` (each word's pronunciations, "word", "word(2)"…), read line by line. */
async function dictionaryLines(file: string, words: ReadonlySet<string>): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    const head = line.slice(0, line.indexOf(' '));
    const word = head.replace(/\(\d+\)$/, '');
    if (!words.has(word)) continue;
    const entries = found.get(word) ?? [];
    entries.push(line);
    found.set(word, entries);
  }
  return found;
}

const budgetMs = (seconds: number) =>
  Math.round(ALIGN_BUDGET_BASE_MS + seconds * ALIGN_BUDGET_MS_PER_AUDIO_SECOND);

export function createForcedAligner(options: ForcedAlignerOptions): ForcedAligner {
  const { ffmpeg, newScratchPath, searchPath, modelDir = DEBIAN_ENGLISH_MODEL } = options;
  const model = modelFiles(modelDir);
  const lane = new ProcessLimiter(options.concurrency ?? 1);

  return {
    async align(input, text, durationSeconds, signal) {
      const recogniser = await findRecogniser(searchPath, modelDir);
      if (!recogniser)
        return { kind: 'estimated', reason: `${RECOGNISER} or its English model is not installed` };
      if (durationSeconds > MAX_ALIGNED_SECONDS) {
        return { kind: 'estimated', reason: `longer than ${MAX_ALIGNED_SECONDS} s` };
      }
      const pronunciations = await dictionaryLines(model.dictionary, candidateWords(text));
      const plan = planAlignment(text, new Set(pronunciations.keys()));
      if (!plan) return { kind: 'estimated', reason: 'too few words in the English dictionary' };

      const wav = await newScratchPath('wav');
      const grammar = `${wav}.jsgf`;
      const dictionary = `${wav}.dict`;
      try {
        await writeFile(grammar, exactGrammar(plan.grammarWords));
        await writeFile(dictionary, [...pronunciations.values()].flat().join('\n') + '\n');
        const timeoutMs = budgetMs(durationSeconds);
        await ffmpeg.decodeForRecognition(input, wav, { timeoutMs, signal });
        const output = await lane.run(() =>
          runProcess(
            recogniser,
            [
              '-infile',
              wav,
              '-hmm',
              model.acoustic,
              '-dict',
              dictionary,
              '-jsgf',
              grammar,
              '-time',
              'yes',
              '-logfn',
              '/dev/null',
              ...SEARCH_ARGS,
            ],
            { timeoutMs, lowPriority: true, ...(signal && { signal }) },
          ).catch((error: unknown) => {
            // A search that runs away on this recording would run away again: its estimate stays.
            if (error instanceof MediaProcessError && error.reason === 'timed-out') return undefined;
            throw error;
          }),
        );
        if (output === undefined) return { kind: 'estimated', reason: `${RECOGNISER} ran out of time` };
        return mapHeardWords(text, durationSeconds, plan, parseHeardWords(output));
      } finally {
        await Promise.all([wav, grammar, dictionary].map((file) => rm(file, { force: true })));
      }
    },
  };
}
