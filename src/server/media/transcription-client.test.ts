import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTranscriptionServer,
  type TestTranscriptionServer,
} from '../../../tests/support/transcription-server';
import { createTranscriptionClient } from './transcription-client';

let directory: string;
let wav: string;
let server: TestTranscriptionServer;
beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'earshot-transcribe-'));
  wav = path.join(directory, 'audio.wav');
  await writeFile(wav, Buffer.from('RIFF\0\0\0\0WAVE'));
  server = await startTranscriptionServer({});
});
afterAll(async () => {
  await server?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

const recognise = () =>
  createTranscriptionClient({ url: server.url, model: 'whisper-1', apiKey: undefined }).recognise(wav, {
    timeoutMs: 10_000,
  });

describe('the OpenAI-compatible transcription client', () => {
  it('reads word times from the segments, as whisper.cpp’s server gives them', async () => {
    server.answer = {
      status: 200,
      body: {
        text: ' Hello there, world.',
        segments: [
          {
            text: ' Hello there,',
            words: [
              { word: ' Hello', start: 0, end: 0.4 },
              { word: ' there,', start: 0.5, end: 0.9 },
            ],
          },
          { text: ' world.', words: [{ word: ' world.', start: 1.2, end: 1.6 }] },
        ],
      },
    };
    expect((await recognise()).words).toEqual([
      { text: 'Hello', start: 0, end: 0.4 },
      { text: 'there,', start: 0.5, end: 0.9 },
      { text: 'world.', start: 1.2, end: 1.6 },
    ]);
  });

  it('keeps the text untimed when the server gives no word times', async () => {
    server.answer = { status: 200, body: { text: 'Just text' } };
    const words = (await recognise()).words;
    expect(words.map((word) => word.text)).toEqual(['Just', 'text']);
    expect(words.every((word) => Number.isNaN(word.start))).toBe(true);
  });

  it('fails with the server’s answer when it is not verbose_json', async () => {
    server.answer = { status: 200, body: { result: 'nope' } };
    await expect(recognise()).rejects.toThrow(/not verbose_json/);
  });
});
