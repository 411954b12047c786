import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedIn } from './support/accounts';
import { makeTone, multipartFile } from '../support/audio';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';

describe.each([
  { label: 'system', preferNpmFfmpeg: false },
  { label: 'npm-shipped', preferNpmFfmpeg: true },
])(`audio analysis with the $label ffmpeg on ${databaseKind}`, ({ preferNpmFfmpeg }) => {
  let testApp: TestApp;
  let person: SignedIn;
  let workDir: string;
  beforeAll(async () => {
    testApp = await createTestApp({}, { preferNpmFfmpeg });
    person = await signUp(testApp.app);
    workDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-audio-'));
  });
  afterAll(async () => {
    await testApp?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  const analyse = (filename: string, contentType: string, content: Buffer) => {
    const upload = multipartFile('audio', filename, contentType, content);
    return testApp.app.inject({
      method: 'POST',
      url: '/api/test/audio-analysis',
      headers: { ...upload.headers, cookie: person.cookie },
      payload: upload.payload,
    });
  };

  it.each([
    { extension: 'wav', codecArgs: [] },
    { extension: 'webm', codecArgs: ['-c:a', 'libopus'] },
    { extension: 'm4a', codecArgs: ['-c:a', 'aac'] },
    { extension: 'mp3', codecArgs: [] },
    { extension: 'ogg', codecArgs: ['-c:a', 'libvorbis'] },
  ])('measures a 2 s tone in .$extension from its samples', async ({ extension, codecArgs }) => {
    const file = path.join(workDir, `tone.${extension}`);
    await makeTone(testApp.context.ffmpeg.binary.path, file, { seconds: 2, codecArgs });
    const response = await analyse(
      `recording.${extension}`,
      'application/octet-stream',
      await readFile(file),
    );
    expect(response.statusCode).toBe(200);
    const analysis = response.json();
    expect(analysis.durationSeconds).toBeGreaterThan(1.9);
    expect(analysis.durationSeconds).toBeLessThan(2.15);
    // lavfi's sine peaks at 1/8 of full scale: -18 dBFS.
    expect(analysis.peakDb).toBeGreaterThan(-19);
    expect(analysis.peakDb).toBeLessThan(-17);
  });

  it('tells silence apart from sound', async () => {
    const file = path.join(workDir, 'silence.wav');
    await makeTone(testApp.context.ffmpeg.binary.path, file, { seconds: 1, frequency: 0 });
    const response = await analyse('silence.wav', 'audio/wav', await readFile(file));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ peakDb: null, loudnessLufs: null });
  });

  it('refuses a file that claims to be audio but is not, and leaves nothing behind', async () => {
    const response = await analyse(
      'song.mp3',
      'audio/mpeg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/not audio/);
    const left = await readdir(path.join(testApp.config.dataDir, 'tmp', 'uploads'), {
      recursive: true,
      withFileTypes: true,
    });
    expect(left.filter((entry) => entry.isFile())).toEqual([]);
  });
});
