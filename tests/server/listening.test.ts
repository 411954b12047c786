import type { Post, PostListening } from '@shared/contract/posts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamedTone } from '../support/audio';
import { callAs, sessionCookieFrom, signUp, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { publishWebm } from './support/uploads';

let testApp: TestApp;
let tenSeconds: Buffer;
beforeAll(async () => {
  testApp = await createTestApp();
  tenSeconds = await streamedTone({ seconds: 10, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
});
afterAll(() => testApp?.close());

const publish = (who: SignedIn, fields: Record<string, string> = {}, url = '/api/posts') =>
  publishWebm(testApp.app, who.cookie, tenSeconds, { url, fields });

const call = (who: SignedIn | undefined, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  callAs(testApp.app, who, method, url, payload);

const stopAt = (who: SignedIn | undefined, postId: string, at: unknown) =>
  call(who, 'PUT', `/api/posts/${postId}/listening`, { at });

/** The same person on another device: a session of their own. */
async function onAnotherDevice(who: SignedIn): Promise<SignedIn> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: who.email, password: who.password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...who, cookie: sessionCookieFrom(response.headers['set-cookie']) };
}

/** What `who` is told of their listening of `postId` in the post itself and in each list that holds it. */
async function listeningSeenBy(who: SignedIn, postId: string, authorId: string) {
  const seen = new Map<string, PostListening | undefined>();
  const single = await call(who, 'GET', `/api/posts/${postId}`);
  expect(single.statusCode, single.body).toBe(200);
  seen.set('post', (single.json() as Post).listening);
  for (const url of ['/api/feed', '/api/posts', `/api/posts/user/${authorId}`]) {
    const list = await call(who, 'GET', url);
    expect(list.statusCode, list.body).toBe(200);
    const post = (list.json() as Post[]).find((each) => each.id === postId);
    expect(post, `${url} holds the post`).toBeDefined();
    seen.set(url, post!.listening);
  }
  return seen;
}

const storedRows = (postId: string) =>
  testApp.context.db.selectFrom('listening_positions').selectAll().where('post_id', '=', postId).execute();

describe(`where a listener stopped, on ${databaseKind}`, () => {
  it('is offered on their other devices, everywhere the post is listed, and marks the post heard at its end', async () => {
    const author = await signUp(testApp.app);
    const listener = await signUp(testApp.app);
    const post = await publish(author, { title: 'Ten seconds' });

    const saved = await stopAt(listener, post.id, 4.24);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ resumeAt: 4.2, heard: false });

    const phone = await onAnotherDevice(listener);
    for (const [where, listening] of await listeningSeenBy(phone, post.id, author.user.id)) {
      expect(listening, where).toEqual({ resumeAt: 4.2, heard: false });
    }

    // Near its end: heard, and the next play starts over.
    expect((await stopAt(phone, post.id, 9.6)).json()).toEqual({ resumeAt: null, heard: true });
    for (const [where, listening] of await listeningSeenBy(listener, post.id, author.user.id)) {
      expect(listening, where).toEqual({ resumeAt: null, heard: true });
    }

    // Played again partway: it stays heard, and offers where they stopped this time.
    expect((await stopAt(listener, post.id, 3)).json()).toEqual({ resumeAt: 3, heard: true });

    // Nobody else learns anything of it: not the author, another person, nor a visitor.
    const stranger = await signUp(testApp.app);
    for (const who of [author, stranger]) {
      for (const [where, listening] of await listeningSeenBy(who, post.id, author.user.id)) {
        expect(listening, where).toBeUndefined();
      }
    }
    const visitorView = await call(undefined, 'GET', `/api/posts/${post.id}`);
    expect((visitorView.json() as Post).listening).toBeUndefined();
  });

  it('starts over next time when they stopped in the first seconds', async () => {
    const author = await signUp(testApp.app);
    const listener = await signUp(testApp.app);
    const post = await publish(author);
    expect((await stopAt(listener, post.id, 1.5)).json()).toEqual({ resumeAt: null, heard: false });
  });

  it("holds the player's number to the length the server measured", async () => {
    const author = await signUp(testApp.app);
    const listener = await signUp(testApp.app);
    const post = await publish(author);
    expect((await stopAt(listener, post.id, 500)).json()).toEqual({ resumeAt: null, heard: true });
    const [row] = await storedRows(post.id);
    expect(row!.position_seconds).toBeCloseTo(post.duration, 3);
  });

  it('is refused, with nothing kept, for what the listener may not hear, drafts, signed out and bad input', async () => {
    const author = await signUp(testApp.app);
    const listener = await signUp(testApp.app);
    const shared = await publish(author);
    const privatePost = await publish(author, { isPrivate: 'true' });
    const ownDiary = await publish(listener, { title: 'dear diary' }, '/api/diary');

    const refusals: [string, Awaited<ReturnType<typeof stopAt>>, number][] = [
      ['private post of another', await stopAt(listener, privatePost.id, 3), 404],
      ['no such post', await stopAt(listener, '01a2b3c4-0000-7000-8000-000000000000', 3), 404],
      ['own draft', await stopAt(listener, ownDiary.id, 3), 400],
      ['signed out', await stopAt(undefined, shared.id, 3), 401],
      ['negative', await stopAt(listener, shared.id, -1), 400],
      ['not a number', await stopAt(listener, shared.id, 'soon'), 400],
      ['missing', await call(listener, 'PUT', `/api/posts/${shared.id}/listening`, {}), 400],
    ];
    for (const [what, response, status] of refusals) {
      expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
      expect((response.json() as { message?: string }).message, what).toEqual(expect.any(String));
    }
    expect((await stopAt(listener, ownDiary.id, 3)).json()).toEqual({
      message: 'Only published posts keep where you stopped listening.',
    });
    for (const post of [shared, privatePost, ownDiary]) expect(await storedRows(post.id)).toEqual([]);
  });

  it('goes with the post', async () => {
    const author = await signUp(testApp.app);
    const listener = await signUp(testApp.app);
    const post = await publish(author);
    expect((await stopAt(listener, post.id, 5)).statusCode).toBe(200);
    expect(await storedRows(post.id)).toHaveLength(1);
    expect((await call(author, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(200);
    expect(await storedRows(post.id)).toEqual([]);
    expect((await stopAt(listener, post.id, 6)).statusCode).toBe(404);
  });
});
