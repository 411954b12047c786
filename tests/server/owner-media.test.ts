import type { Post } from '@shared/contract/posts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamedTone } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { publishWebm } from './support/uploads';

let testApp: TestApp;
let owner: SignedIn;
let other: SignedIn;
let voice: Buffer;
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await signUp(testApp.app);
  other = await signUp(testApp.app);
  voice = await streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
});
afterAll(() => testApp?.close());

async function publishWithPhoto(url: string, fields: Record<string, string>): Promise<Post> {
  return publishWebm(testApp.app, owner.cookie, voice, {
    url,
    fields,
    files: [{ field: 'photo', filename: 'cover.png', contentType: 'image/png', content: png }],
  });
}

const get = (url: string, who?: SignedIn) =>
  testApp.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

describe(`photos of private posts and diary drafts on ${databaseKind}`, () => {
  it('are shown to their owner and answer everyone else as a missing file does', async () => {
    const privatePost = await publishWithPhoto('/api/posts', { title: 'just me', isPrivate: 'true' });
    const draft = await publishWithPhoto('/api/diary', { title: 'dear diary' });
    const missing = await get(`/media/images/${randomUUID()}.png`, owner);
    expect(missing.statusCode).toBe(404);

    for (const post of [privatePost, draft]) {
      const own = await get(post.imageUrl!, owner);
      expect(own.statusCode, post.imageUrl!).toBe(200);
      expect(own.headers['content-type']).toBe('image/webp');
      expect(own.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

      for (const stranger of [other, undefined]) {
        const refused = await get(post.imageUrl!, stranger);
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toEqual(missing.json());
      }
    }
  });
});
