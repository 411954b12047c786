import type { Post } from '@shared/contract/posts';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverFfmpegPath, streamedTone } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import {
  ageSession,
  autosaveChunkRows,
  autosaveFiles,
  sendChunk,
  storeSessionWithoutLimits,
} from './support/autosave';
import { storedAudioAssetIds } from './support/stored-objects';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';

const MB = 1024 * 1024;
let recording: Buffer;

beforeAll(async () => {
  recording = await streamedTone({ seconds: 3, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
});

const diaryOf = async (testApp: TestApp, who: SignedIn) =>
  (await testApp.app.inject({ url: '/api/diary', headers: { cookie: who.cookie } })).json() as Post[];

async function saveRecording(testApp: TestApp, who: SignedIn, sessionId: string) {
  const half = Math.ceil(recording.length / 2);
  for (const [chunkNumber, content] of [recording.subarray(0, half), recording.subarray(half)].entries()) {
    const response = await sendChunk(testApp, who, { sessionId, chunkNumber, content });
    expect(response.statusCode, response.body).toBe(200);
  }
}

function sessionRow(testApp: TestApp, who: SignedIn, sessionId: string) {
  return testApp.context.db
    .selectFrom('autosave_sessions')
    .selectAll()
    .where('user_id', '=', who.user.id)
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
}

describe(`abandoned-recording recovery on ${databaseKind}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('recovers an honest recording although an older session of 2 × 55 MB (stored before the cap) fails', async () => {
    const poisoner = await signUp(testApp.app);
    const honest = await signUp(testApp.app);
    await storeSessionWithoutLimits(testApp, poisoner, 'poison', [
      Buffer.alloc(55 * MB),
      Buffer.alloc(55 * MB),
    ]);
    await ageSession(testApp, poisoner, 'poison', 26);
    await saveRecording(testApp, honest, 'honest');
    await ageSession(testApp, honest, 'honest', 25);
    const errors = vi.spyOn(testApp.context.log, 'error');

    await testApp.context.autosave.recoverAbandoned();

    const drafts = await diaryOf(testApp, honest);
    expect(drafts.map((draft) => draft.title)).toEqual(['Recovered recording']);
    expect(drafts[0]!.duration).toBeCloseTo(3, 0);
    expect(await autosaveChunkRows(testApp, honest, 'honest')).toEqual([]);
    expect(await sessionRow(testApp, poisoner, 'poison')).toMatchObject({
      published_at: null,
      recovery_attempts: 1,
    });

    await testApp.context.autosave.recoverAbandoned();
    await testApp.context.autosave.recoverAbandoned();

    expect(await diaryOf(testApp, poisoner)).toEqual([]);
    expect((await sessionRow(testApp, poisoner, 'poison')).published_at).not.toBeNull();
    expect(await autosaveChunkRows(testApp, poisoner, 'poison')).toEqual([]);
    expect(await autosaveFiles(testApp)).toEqual([]);
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({ userId: poisoner.user.id, sessionId: 'poison', attempts: 3 }),
      expect.stringContaining('gave up'),
    );
    expect(await diaryOf(testApp, honest)).toHaveLength(1);
  });

  it('recovers a recording once when two sweeps run at the same time (two instances)', async () => {
    const writer = await signUp(testApp.app);
    await saveRecording(testApp, writer, 'twice');
    await ageSession(testApp, writer, 'twice', 25);

    await Promise.all([
      testApp.context.autosave.recoverAbandoned(),
      testApp.context.autosave.recoverAbandoned(),
    ]);

    expect((await diaryOf(testApp, writer)).map((draft) => draft.title)).toEqual(['Recovered recording']);
    const assets = await testApp.context.db.selectFrom('audio_assets').select(['id', 'owner_id']).execute();
    expect(assets.filter((asset) => asset.owner_id === writer.user.id)).toHaveLength(1);
    // The losing sweep's audio is removed again: every stored audio object belongs to an asset.
    expect(await storedAudioAssetIds(testApp.context.blobs)).toEqual(assets.map((asset) => asset.id).sort());
  });

  it('stops between recordings when the job is aborted (shutdown), leaving them for the next run', async () => {
    const writer = await signUp(testApp.app);
    await saveRecording(testApp, writer, 'later');
    await ageSession(testApp, writer, 'later', 25);
    const shutdown = new AbortController();
    shutdown.abort(new Error('shutting down'));

    await expect(testApp.context.autosave.recoverAbandoned(shutdown.signal)).rejects.toThrow('shutting down');

    expect(await diaryOf(testApp, writer)).toEqual([]);
    expect(await sessionRow(testApp, writer, 'later')).toMatchObject({
      published_at: null,
      recovery_attempts: 0,
    });
    await testApp.context.autosave.recoverAbandoned();
    expect((await diaryOf(testApp, writer)).map((draft) => draft.title)).toEqual(['Recovered recording']);
  });

  it('recovers the start of a session stored before the cap that fits, and drops the rest', async () => {
    const writer = await signUp(testApp.app);
    await storeSessionWithoutLimits(testApp, writer, 'long', [recording, Buffer.alloc(100 * MB)]);
    await ageSession(testApp, writer, 'long', 25);

    await testApp.context.autosave.recoverAbandoned();

    const drafts = await diaryOf(testApp, writer);
    expect(drafts.map((draft) => draft.title)).toEqual(['Recovered recording']);
    expect(drafts[0]!.duration).toBeCloseTo(3, 0);
    expect(await autosaveChunkRows(testApp, writer, 'long')).toEqual([]);
  });
});

describe(`recovery while ffmpeg is broken on ${databaseKind}`, () => {
  let testApp: TestApp;
  let binDir: string;
  let brokenFlag: string;
  beforeAll(async () => {
    binDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-ffmpeg-'));
    brokenFlag = path.join(binDir, 'broken');
    const wrapper = path.join(binDir, 'ffmpeg');
    // A real ffmpeg that fails, as a missing library or a bad upgrade makes it, while the flag file exists.
    await writeFile(
      wrapper,
      `#!/bin/sh\nif [ -e '${brokenFlag}' ]; then echo 'error while loading shared libraries' >&2; exit 127; fi\n` +
        `exec '${serverFfmpegPath}' "$@"\n`,
    );
    await chmod(wrapper, 0o755);
    testApp = await createTestApp({ FFMPEG_PATH: wrapper });
  });
  afterAll(async () => {
    await testApp?.close();
    if (binDir) await rm(binDir, { recursive: true, force: true });
  });

  it('does not count a failure of ours against the recording, and recovers it once ffmpeg works', async () => {
    const writer = await signUp(testApp.app);
    await saveRecording(testApp, writer, 'waiting');
    await ageSession(testApp, writer, 'waiting', 25);
    await writeFile(brokenFlag, '');

    for (let sweep = 0; sweep < 4; sweep += 1) {
      await expect(testApp.context.autosave.recoverAbandoned()).rejects.toThrow();
    }
    expect(await sessionRow(testApp, writer, 'waiting')).toMatchObject({
      published_at: null,
      recovery_attempts: 0,
    });
    expect(await autosaveChunkRows(testApp, writer, 'waiting')).toHaveLength(2);

    await rm(brokenFlag);
    await testApp.context.autosave.recoverAbandoned();
    expect((await diaryOf(testApp, writer)).map((draft) => draft.title)).toEqual(['Recovered recording']);
  });
});
