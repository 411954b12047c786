import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamedTone } from '../support/audio';
import { callAs, signUp, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { publishWebm } from './support/uploads';

let testApp: TestApp;
let owner: SignedIn;
let reader: SignedIn;
let postId: string;
let draftId: string;
beforeAll(async () => {
  testApp = await createTestApp();
  [owner, reader] = await Promise.all([signUp(testApp.app), signUp(testApp.app)]);
  const voice = await streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
  postId = (await publishWebm(testApp.app, owner.cookie, voice, { fields: { title: 'Cached?' } })).id;
  const draft = await publishWebm(testApp.app, owner.cookie, voice, {
    url: '/api/diary',
    fields: { title: 'Mine alone' },
  });
  draftId = draft.id;
});
afterAll(() => testApp?.close());

const headersOf = async (who: SignedIn | undefined, url: string) => {
  const response = await callAs(testApp.app, who, 'GET', url);
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(400);
  return { cacheControl: response.headers['cache-control'], vary: response.headers.vary };
};

describe(`cache headers on ${databaseKind}`, () => {
  it("forbids any cache to keep a person's own answers", async () => {
    const personal = [
      '/api/diary',
      `/api/drafts/${draftId}/edit`,
      '/api/conversations',
      '/api/notifications',
      '/api/me/blocks',
      '/api/me/mutes',
      '/api/feed',
      '/api/auth/user',
    ];
    for (const url of personal) {
      expect((await headersOf(owner, url)).cacheControl, url).toMatch(/^(private, )?no-store$/);
    }
  });

  it('marks a public post, answered with the asker’s like, as varying by cookie and never stored', async () => {
    await callAs(testApp.app, reader, 'POST', '/api/likes', { postId });
    for (const who of [reader, undefined]) {
      const { cacheControl, vary } = await headersOf(who, `/api/posts/${postId}`);
      expect(cacheControl).toBe('private, no-store');
      expect(vary).toMatch(/\bCookie\b/);
    }
  });

  it('keeps the headers of answers that are the same for everyone', async () => {
    expect((await headersOf(undefined, `/api/users/${owner.user.id}/pods.rss`)).cacheControl).toMatch(
      /max-age=300/,
    );
    expect((await headersOf(undefined, '/api/health/live')).cacheControl ?? '').not.toMatch(/private/);
  });
});
