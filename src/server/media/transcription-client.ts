import { openAsBlob } from 'node:fs';
import { z } from 'zod';
import type { TranscribeConfig } from '../config';

/** What a recogniser heard: its text as words, each with its start and end in seconds when it said. */
export interface Recognised {
  language: string | undefined;
  words: Array<{ text: string; start: number; end: number }>;
}

export interface TranscriptionClient {
  /** The speech in `wavFile` (16 kHz mono WAV) as words; throws when the server fails or answers nonsense. */
  recognise(wavFile: string, options: { timeoutMs: number; signal?: AbortSignal }): Promise<Recognised>;
}

const timedWordsSchema = z
  .array(z.object({ word: z.string(), start: z.number().min(0), end: z.number().min(0) }))
  .optional();

/**
 * OpenAI's `verbose_json` answer with `timestamp_granularities[]=word` (platform.openai.com/docs/api-reference/
 * audio/verbose-json-object): `text`, `language`, and `words` of `{ word, start, end }`. whisper.cpp's server
 * puts each segment's words in the segment (`segments[].words`) instead; faster-whisper's servers and LocalAI
 * answer as OpenAI does.
 */
const verboseJsonSchema = z.object({
  text: z.string(),
  language: z.string().optional(),
  words: timedWordsSchema,
  segments: z.array(z.object({ words: timedWordsSchema })).optional(),
});

const MAX_ERROR_LENGTH = 300;

/** A recognition that failed: the server's status and the start of its answer, for the job's last error. */
export class TranscriptionError extends Error {}

/**
 * Words as the transcript keeps them: split on whitespace (a recogniser's word may carry a leading space, or be
 * two words), each part with its word's times. Without word times from the server, the text's words untimed.
 */
function wordsOf(answer: z.infer<typeof verboseJsonSchema>): Recognised['words'] {
  const timed = answer.words?.length
    ? answer.words
    : (answer.segments ?? []).flatMap((segment) => segment.words ?? []);
  if (timed.length === 0) {
    return answer.text
      .split(/\s+/)
      .filter(Boolean)
      .map((text) => ({ text, start: Number.NaN, end: Number.NaN }));
  }
  return timed.flatMap(({ word, start, end }) =>
    word
      .split(/\s+/)
      .filter(Boolean)
      .map((text) => ({ text, start, end: Math.max(start, end) })),
  );
}

export function createTranscriptionClient(config: TranscribeConfig): TranscriptionClient {
  return {
    async recognise(wavFile, { timeoutMs, signal }) {
      const form = new FormData();
      form.set('file', await openAsBlob(wavFile, { type: 'audio/wav' }), 'audio.wav');
      form.set('model', config.model);
      form.set('response_format', 'verbose_json');
      form.append('timestamp_granularities[]', 'word');
      const timeout = AbortSignal.timeout(timeoutMs);
      const response = await fetch(config.url, {
        method: 'POST',
        body: form,
        headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        redirect: 'error',
      });
      const body = await response.text();
      if (!response.ok) {
        throw new TranscriptionError(
          `the transcription server answered ${response.status}: ${body.slice(0, MAX_ERROR_LENGTH)}`,
        );
      }
      let parsed: z.infer<typeof verboseJsonSchema>;
      try {
        parsed = verboseJsonSchema.parse(JSON.parse(body));
      } catch {
        throw new TranscriptionError(
          `the transcription server's answer is not verbose_json: ${body.slice(0, MAX_ERROR_LENGTH)}`,
        );
      }
      return { language: parsed.language, words: wordsOf(parsed) };
    },
  };
}
