import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, streamedTone } from '../support/audio';
import { callAs, signUp, type Method, type SignedIn } from './support/accounts';
import { sendChunk } from './support/autosave';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { publishWebm, sendForm, webmPart } from './support/uploads';

let testApp: TestApp;
let ada: SignedIn;
let bo: SignedIn;
let voice: Buffer;
let postId: string;
let conversationId: string;
beforeAll(async () => {
  testApp = await createTestApp();
  [ada, bo] = await Promise.all([signUp(testApp.app), signUp(testApp.app)]);
  voice = await streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
  postId = (await publishWebm(testApp.app, ada.cookie, voice, { fields: { title: 'Quokka words' } })).id;
  const group = await callAs(testApp.app, ada, 'POST', '/api/conversations', {
    type: 'group',
    participantIds: [bo.user.id],
    name: 'Walkers',
  });
  conversationId = group.json<{ id: string }>().id;
});
afterAll(() => testApp?.close());

const NUL = '\u0000';
const refusal = (field: string) => ({
  message: `"${field}" contains an invisible control character (such as NUL), which text cannot hold. Remove it and try again.`,
});

describe(`control characters on ${databaseKind}`, () => {
  it('answers an id holding a control character with 404 and text holding one with 400, on every route', async () => {
    const missing: Array<[SignedIn | undefined, Method, string]> = [
      [undefined, 'GET', '/api/users/a%00b'],
      [undefined, 'GET', '/api/users/%00/pods.rss'],
      [ada, 'GET', '/api/users/%07/stats'],
      [undefined, 'GET', '/api/posts/%00'],
      [undefined, 'GET', '/api/posts/user/%00'],
      [undefined, 'GET', '/api/posts/%00/comments'],
      [undefined, 'GET', '/api/followers/%00'],
      [undefined, 'GET', '/api/voice-bio/%00'],
      [undefined, 'GET', '/media/images/%00.webp'],
      [ada, 'GET', '/api/conversations/%00'],
      [ada, 'GET', '/api/drafts/%1B/edit'],
      [ada, 'PUT', '/api/users/%00/block'],
      [ada, 'DELETE', '/api/recordings/autosave/%00'],
    ];
    for (const [who, method, url] of missing) {
      const response = await callAs(testApp.app, who, method, url);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
    }

    const refused: Array<[SignedIn | undefined, Method, string, object, string]> = [
      [
        undefined,
        'POST',
        '/api/register',
        { email: 'nul@example.com', password: 'long enough', firstName: `a${NUL}b` },
        'firstName',
      ],
      [ada, 'PUT', '/api/profile', { location: `a${NUL}b` }, 'location'],
      [ada, 'PUT', '/api/profile', { bio: 'fine\u0008' }, 'bio'],
      [ada, 'POST', '/api/follows', { followingId: NUL }, 'followingId'],
      [ada, 'POST', '/api/likes', { postId: NUL }, 'postId'],
      [ada, 'POST', `/api/conversations/${conversationId}/members`, { userIds: [NUL] }, 'userIds.0'],
      [
        ada,
        'POST',
        '/api/conversations',
        { type: 'group', participantIds: [bo.user.id], name: `Walk${NUL}ers` },
        'name',
      ],
      [
        bo,
        'POST',
        '/api/reports',
        { targetKind: 'post', targetId: `${postId}${NUL}`, reason: 'spam' },
        'targetId',
      ],
      [undefined, 'GET', '/api/posts?cursor=%00', {}, 'cursor'],
    ];
    for (const [who, method, url, payload, field] of refused) {
      const response = await callAs(testApp.app, who, method, url, method === 'GET' ? undefined : payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
      expect(response.json()).toEqual(refusal(field));
    }

    // Multipart text fields: a post's title, an autosave's session id.
    const post = await sendForm(
      testApp.app,
      ada.cookie,
      '/api/posts',
      multipartForm({ title: `Title${NUL}` }, [webmPart(voice)]),
    );
    expect(post.statusCode, post.body).toBe(400);
    expect(post.json()).toEqual(refusal('title'));
    const chunk = await sendChunk(testApp, ada, { sessionId: `s${NUL}`, chunkNumber: 0, content: voice });
    expect(chunk.statusCode, chunk.body).toBe(400);
    expect(chunk.json()).toEqual(refusal('sessionId'));

    // Nothing of it was kept.
    const me = (await callAs(testApp.app, ada, 'GET', '/api/auth/user')).json();
    expect(me).toMatchObject({ location: null, bio: null });
    const titles = (await callAs(testApp.app, ada, 'GET', `/api/posts/user/${ada.user.id}`))
      .json<Array<{ title: string }>>()
      .map((each) => each.title);
    expect(titles).toEqual(['Quokka words']);
    expect(
      (
        await callAs(testApp.app, undefined, 'POST', '/api/login', {
          email: 'nul@example.com',
          password: 'long enough',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('keeps tabs and line breaks in text, and drops control characters from search words', async () => {
    const bio = 'First line\nsecond\tline';
    const saved = await callAs(testApp.app, ada, 'PUT', '/api/profile', { bio });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await callAs(testApp.app, ada, 'GET', '/api/auth/user')).json()).toMatchObject({ bio });
    const found = await callAs(testApp.app, undefined, 'GET', '/api/search/posts/quo%00kka');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<Array<{ id: string }>>().map((each) => each.id)).toEqual([postId]);
  });
});
