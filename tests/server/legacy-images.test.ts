import type { Post } from '@shared/contract/posts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMaintenance } from '../../src/server/maintenance';
import { keysUnder } from '../../src/server/storage/blob-store';
import { newId } from '../../src/server/ids';
import { streamedTone } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, storageKind, type TestApp } from './support/test-app';
import { publishWebm } from './support/uploads';
import { waitFor, waitForIdleJobs } from './support/waits';

let testApp: TestApp;
let tone: Buffer;
beforeAll(async () => {
  testApp = await createTestApp({}, { runJobs: true });
  tone = await streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
});
afterAll(() => testApp?.close());

/** A phone photo with its camera and GPS position in EXIF, as photos were stored before re-encoding. */
const phonePhoto = (format: 'jpeg' | 'webp') =>
  sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#2a6' } })
    .toFormat(format)
    .withExif({
      IFD0: { Make: 'PhoneMaker' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2640/100' },
    })
    .toBuffer();

/** A post whose photo was stored as uploaded, the way posts were made before images were re-encoded. */
async function postWithStoredPhoto(
  who: SignedIn,
  content: Buffer,
  mime: string,
): Promise<{ post: Post; key: string }> {
  const post = await publishWebm(testApp.app, who.cookie, tone, { fields: { title: 'old photo' } });
  const id = newId();
  const key = `images/${id}.${mime.split('/')[1]}`;
  const { db, blobs } = testApp.context;
  await blobs.put(key, content, { contentType: mime });
  await db
    .insertInto('images')
    .values({
      id,
      owner_id: who.user.id,
      is_private: 0,
      storage_key: key,
      mime,
      bytes: content.length,
      created_at: new Date().toISOString(),
    })
    .execute();
  await db.updateTable('posts').set({ image_id: id }).where('id', '=', post.id).execute();
  return { post, key };
}

const postAsServed = async (id: string): Promise<Post> =>
  (await testApp.app.inject({ url: `/api/posts/${id}` })).json();

describe(`photos stored before re-encoding, on ${databaseKind} with the ${storageKind} store`, () => {
  it('are re-encoded by the background job without their metadata; an unreadable one leaves its post', async () => {
    const ada = await signUp(testApp.app);
    const stored = [
      await postWithStoredPhoto(ada, await phonePhoto('jpeg'), 'image/jpeg'),
      await postWithStoredPhoto(ada, await phonePhoto('webp'), 'image/webp'),
    ];
    const broken = await postWithStoredPhoto(ada, Buffer.from('<html>not a picture</html>'), 'image/png');
    const legacyUrl = (await postAsServed(stored[0]!.post.id)).imageUrl!;
    expect(legacyUrl).toMatch(/\.jpeg$/);

    const stop = startMaintenance(testApp.context, testApp.app.log);
    try {
      await waitFor(
        async () => ((await postAsServed(broken.post.id)).imageUrl === null ? true : undefined),
        30_000,
        'the sweep of stored photos',
      );
      await waitForIdleJobs(testApp.context.db);

      for (const { post } of stored) {
        const served = await postAsServed(post.id);
        expect(served.imageUrl).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.[0-9a-f-]{36}\.webp$/);
        const image = await testApp.app.inject({ url: served.imageUrl! });
        expect(image.headers['content-type']).toBe('image/webp');
        const metadata = await sharp(image.rawPayload).metadata();
        expect(metadata.exif).toBeUndefined();
        expect(metadata.width).toBe(1200);
      }
      expect((await testApp.app.inject({ url: legacyUrl })).statusCode).toBe(404);

      const rows = await testApp.context.db
        .selectFrom('images')
        .select(['storage_key', 'reencoded'])
        .where('owner_id', '=', ada.user.id)
        .execute();
      expect(rows.map((row) => row.reencoded)).toEqual([1, 1]);
      const keys = await keysUnder(testApp.context.blobs, 'images/');
      expect(rows.every((row) => keys.includes(row.storage_key))).toBe(true);
      for (const { key } of [...stored, broken]) expect(keys).not.toContain(key);
    } finally {
      stop();
    }
  });
});
