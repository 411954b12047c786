import type { Post } from '@shared/contract/posts';
import { AUDIO_DURATION_LIMITS } from '@shared/domain/audio-limits';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AudioTooLongError } from '../../src/server/media/media-errors';
import { generatedAudio, makeTone, multipartFile, multipartForm } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { storedAudioAssetIds } from './support/stored-objects';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';

let testApp: TestApp;
let person: SignedIn;
let workDir: string;
/** 3 s of 440 Hz at 16 kHz, mono 16-bit PCM: 96 kB of samples, as in the audit's repro. */
let honestWav: Buffer;

beforeAll(async () => {
  testApp = await createTestApp();
  person = await signUp(testApp.app);
  workDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-hostile-'));
  const file = path.join(workDir, 'honest.wav');
  await makeTone(testApp.context.ffmpeg.binary.path, file, {
    seconds: 3,
    codecArgs: ['-ar', '16000', '-c:a', 'pcm_s16le', '-fflags', '+bitexact', '-map_metadata', '-1'],
  });
  honestWav = await readFile(file);
});
afterAll(async () => {
  await testApp?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** A copy of the honest WAV with some header fields overwritten, as a hostile client would send it. */
function lyingWav(lies: {
  riffSize?: number;
  channels?: number;
  sampleRate?: number;
  byteRate?: number;
  blockAlign?: number;
  dataSize?: number;
}): Buffer {
  const wav = Buffer.from(honestWav);
  const fmt = wav.indexOf('fmt ') + 8;
  const data = wav.indexOf('data') + 4;
  if (lies.riffSize !== undefined) wav.writeUInt32LE(lies.riffSize, 4);
  if (lies.channels !== undefined) wav.writeUInt16LE(lies.channels, fmt + 2);
  if (lies.sampleRate !== undefined) wav.writeUInt32LE(lies.sampleRate, fmt + 4);
  if (lies.byteRate !== undefined) wav.writeUInt32LE(lies.byteRate, fmt + 8);
  if (lies.blockAlign !== undefined) wav.writeUInt16LE(lies.blockAlign, fmt + 12);
  if (lies.dataSize !== undefined) wav.writeUInt32LE(lies.dataSize, data);
  return wav;
}

function upload(
  url: string,
  file: Buffer,
  { filename = 'recording.wav', method = 'POST' }: { filename?: string; method?: 'POST' | 'PUT' } = {},
) {
  const form = multipartFile('audio', filename, 'application/octet-stream', file);
  return testApp.app.inject({
    method,
    url,
    headers: { ...form.headers, cookie: person.cookie },
    payload: form.payload,
  });
}

const storedAssets = () => storedAudioAssetIds(testApp.context.blobs);

describe(`hostile audio on ${databaseKind}`, () => {
  it('takes the honest WAV at its length', async () => {
    const response = await upload('/api/posts', honestWav);
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as Post).duration).toBeCloseTo(3, 1);
  });

  it.each([
    { lie: 'a sample rate of 1 Hz (3 s would become 13 hours)', rate: 1 },
    { lie: 'a sample rate of about 2 GHz (3 s would become 0 s)', rate: 2_000_000_000 },
  ])('refuses a WAV whose header claims $lie, and keeps nothing', async ({ rate }) => {
    const before = await storedAssets();
    const response = await upload(
      '/api/posts',
      lyingWav({ sampleRate: rate, byteRate: (rate * 2) % 2 ** 32 }),
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toBe(
      `This file says its sample rate is ${rate} Hz, which no recording has. Export it again from the app that made it.`,
    );
    expect(await storedAssets()).toEqual(before);
  });

  it.each([
    { lie: '0 channels', channels: 0 },
    { lie: '65535 channels', channels: 65_535 },
  ])('refuses a WAV whose header claims $lie as not audio', async ({ channels }) => {
    const response = await upload('/api/posts', lyingWav({ channels }));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toMatch(/not audio we can play/);
  });

  it.each([
    // Two channels: the same samples decode as 1.5 s of stereo, and that is what is played.
    { lie: '2 channels', lies: { channels: 2, byteRate: 64_000, blockAlign: 4 }, seconds: 1.5 },
    {
      lie: 'sizes far larger than the file',
      lies: { riffSize: 0xffffffff, dataSize: 0xffffffff },
      seconds: 3,
    },
    // Players stop where the data chunk says it ends: 16,000 bytes are 0.5 s.
    { lie: 'a data chunk shorter than the file', lies: { dataSize: 16_000 }, seconds: 0.5 },
  ])('measures a WAV whose header claims $lie by what it decodes to', async ({ lies, seconds }) => {
    const response = await upload('/api/posts', lyingWav(lies));
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as Post).duration).toBeCloseTo(seconds, 1);
  });
});

describe(`hostile audio added to a recording on ${databaseKind}`, () => {
  const rateLie = (rate: number) => lyingWav({ sampleRate: rate, byteRate: (rate * 2) % 2 ** 32 });

  it.each([
    { lie: 'a sample rate of 1 Hz (3 s would become 13 hours)', rate: 1, route: 'extend' },
    { lie: 'a sample rate of about 2 GHz (3 s would become 0 s)', rate: 2_000_000_000, route: 'extend' },
    { lie: 'a sample rate of 1 Hz', rate: 1, route: 'draft' },
  ])('refuses an addition whose header claims $lie ($route), and keeps nothing', async ({ rate, route }) => {
    const draft = route === 'draft';
    const created = await upload(draft ? '/api/diary' : '/api/posts', honestWav);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as Post;
    const before = await storedAssets();
    const response = await upload(draft ? `/api/diary/${id}` : `/api/posts/${id}/extend`, rateLie(rate), {
      method: draft ? 'PUT' : 'POST',
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toBe(
      `This file says its sample rate is ${rate} Hz, which no recording has. Export it again from the app that made it.`,
    );
    expect(await storedAssets()).toEqual(before);
  });

  it('joins an honest addition', async () => {
    const { id } = (await upload('/api/posts', honestWav)).json() as Post;
    const response = await upload(`/api/posts/${id}/extend`, honestWav);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as Post).duration).toBeCloseTo(6, 1);
  });
});

describe(`duration limits on ${databaseKind}`, () => {
  const silentFlac = (seconds: number) =>
    generatedAudio([
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=8000:cl=mono',
      '-t',
      String(seconds),
      '-c:a',
      'flac',
      '-f',
      'flac',
      'pipe:1',
    ]);

  it('refuses a 4 h 1 min post', { timeout: 180_000 }, async () => {
    const response = await upload('/api/posts', await silentFlac(4 * 3600 + 60), { filename: 'long.flac' });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toBe('Posts, pods and diary entries can be at most 4 hours long.');
  });

  it('refuses a 5 min 10 s voice comment, having decoded only a second past the limit', async () => {
    const post = (await upload('/api/posts', honestWav)).json() as Post;
    const reply = await silentFlac(310);
    const form = multipartForm({ postId: post.id }, [
      { field: 'audio', filename: 'reply.flac', contentType: 'audio/flac', content: reply },
    ]);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: { ...form.headers, cookie: person.cookie },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toBe('Voice comments can be at most 5 minutes long.');

    const file = path.join(workDir, 'reply.flac');
    await writeFile(file, reply);
    const refusal = await testApp.context.ffmpeg
      .analyse([{ file, format: { demuxer: 'flac', mime: 'audio/flac', extension: 'flac' } }], {
        limit: AUDIO_DURATION_LIMITS.comment,
      })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AudioTooLongError);
    expect((refusal as AudioTooLongError).decodedSeconds).toBeLessThanOrEqual(5 * 60 + 1);
  });

  it('checks joined audio as a whole', async () => {
    const parts = await Promise.all(
      [3, 3].map(async (seconds, index) => {
        const file = path.join(workDir, `part-${index}.wav`);
        await makeTone(testApp.context.ffmpeg.binary.path, file, { seconds });
        return { file, format: { demuxer: 'wav', mime: 'audio/wav', extension: 'wav' } as const };
      }),
    );
    const limit = { seconds: 5, kinds: 'Test clips' };
    const joinedOutput = path.join(workDir, 'joined.webm');
    const refusal = await testApp.context.ffmpeg
      .analyse(parts, { joinedOutput, limit })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AudioTooLongError);
    expect((refusal as AudioTooLongError).message).toBe('Test clips can be at most 5 seconds long.');
    expect((refusal as AudioTooLongError).decodedSeconds).toBeCloseTo(6, 1);
  });
});
