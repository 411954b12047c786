import type { Post } from '@shared/contract/posts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, streamedTone } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { ageSession, autosaveChunkRows, sendChunk } from './support/autosave';
import { storedAudioAssetIds } from './support/stored-objects';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { waitFor, waitForRendition } from './support/waits';
import { sendForm, webmPart } from './support/uploads';

/** Stored media lost from under its rows (a failed disk, a bucket emptied by hand): our fault, said as such. */
let testApp: TestApp;
let voice: Buffer;
beforeAll(async () => {
  testApp = await createTestApp({}, { runJobs: true });
  voice = await streamedTone({ seconds: 2, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
});
afterAll(() => testApp?.close());

function upload(who: SignedIn, url: string) {
  return sendForm(testApp.app, who.cookie, url, multipartForm({}, [webmPart(voice)]));
}

async function publishedAsset(who: SignedIn): Promise<{ post: Post; assetId: string; originalKey: string }> {
  const response = await upload(who, '/api/posts');
  expect(response.statusCode, response.body).toBe(201);
  const post = await waitForRendition(async () =>
    (
      await testApp.app.inject({ url: `/api/posts/${response.json().id}`, headers: { cookie: who.cookie } })
    ).json(),
  );
  const asset = await testApp.context.db
    .selectFrom('posts')
    .innerJoin('audio_assets', 'audio_assets.id', 'posts.audio_id')
    .select(['audio_assets.id', 'audio_assets.original_key'])
    .where('posts.id', '=', post.id)
    .executeTakeFirstOrThrow();
  return { post, assetId: asset.id, originalKey: asset.original_key };
}

describe(`media missing from storage on ${databaseKind}`, () => {
  it('fails a rendition job saying which original is missing, not that the upload is not audio', async () => {
    const { assetId, originalKey } = await publishedAsset(await signUp(testApp.app));
    await testApp.context.db
      .updateTable('audio_assets')
      .set({ rendition_key: null, rendition_mime: null })
      .where('id', '=', assetId)
      .execute();
    await testApp.context.blobs.delete(`audio/${assetId}/speech.m4a`);
    await testApp.context.blobs.delete(originalKey);

    await testApp.context.jobs.enqueue(
      'media.render-speech',
      { assetId },
      { uniqueKey: `render-lost:${assetId}` },
    );
    const job = await waitFor(
      () =>
        testApp.context.db
          .selectFrom('jobs')
          .select('last_error')
          .where('unique_key', '=', `render-lost:${assetId}`)
          .where('last_error', 'is not', null)
          .executeTakeFirst(),
      20_000,
      'the failed render',
    );
    expect(job.last_error).toContain(`the original audio ${originalKey} is missing from storage`);
    expect(job.last_error).not.toMatch(/not audio|does not decode/);
  });

  it('answers an extension of a recording whose original is gone with our fault, keeping nothing new', async () => {
    const author = await signUp(testApp.app);
    const { post, originalKey } = await publishedAsset(author);
    await testApp.context.blobs.delete(originalKey);
    const assetsBefore = await storedAudioAssetIds(testApp.context.blobs);

    const extended = await upload(author, `/api/posts/${post.id}/extend`);

    expect(extended.statusCode, extended.body).toBe(500);
    expect(extended.json().message).toMatch(/^Your earlier recording could not be found/);
    expect(extended.json().message).not.toMatch(/not audio/);
    expect(await storedAudioAssetIds(testApp.context.blobs)).toEqual(assetsBefore);
    const unchanged = await testApp.app.inject({
      url: `/api/posts/${post.id}`,
      headers: { cookie: author.cookie },
    });
    expect((unchanged.json() as Post).audioUrl).toBe(post.audioUrl);
  });

  it('does not count a lost autosave chunk against the recording, and names the chunk', async () => {
    const writer = await signUp(testApp.app);
    const half = Math.ceil(voice.length / 2);
    for (const [chunkNumber, content] of [voice.subarray(0, half), voice.subarray(half)].entries()) {
      const response = await sendChunk(testApp, writer, { sessionId: 'lost', chunkNumber, content });
      expect(response.statusCode, response.body).toBe(200);
    }
    await ageSession(testApp, writer, 'lost', 25);
    const lostChunk = await testApp.context.db
      .selectFrom('autosave_chunks')
      .select('storage_key')
      .where('user_id', '=', writer.user.id)
      .where('chunk_number', '=', 1)
      .executeTakeFirstOrThrow();
    await testApp.context.blobs.delete(lostChunk.storage_key);

    await expect(testApp.context.autosave.recoverAbandoned()).rejects.toThrow(
      `autosaved chunk 1 (${lostChunk.storage_key}) is missing from storage`,
    );

    const session = await testApp.context.db
      .selectFrom('autosave_sessions')
      .selectAll()
      .where('user_id', '=', writer.user.id)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({ published_at: null, recovery_attempts: 0 });
    expect(session.recovery_error).toContain(lostChunk.storage_key);
    expect(await autosaveChunkRows(testApp, writer, 'lost')).toHaveLength(2);
    const drafts = await testApp.app.inject({ url: '/api/diary', headers: { cookie: writer.cookie } });
    expect(drafts.json()).toEqual([]);
  });
});
