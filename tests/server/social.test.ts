import type { Post } from '@shared/contract/posts';
import type { Comment, Notification } from '@shared/contract/social';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, streamedTone } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { publishWebm } from './support/uploads';

let testApp: TestApp;
let voice: Buffer;
beforeAll(async () => {
  testApp = await createTestApp();
  voice = await streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
});
afterAll(() => testApp?.close());

function send(who: SignedIn | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return testApp.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

async function publish(
  who: SignedIn,
  fields: Record<string, string> = {},
  url = '/api/posts',
): Promise<Post> {
  return publishWebm(testApp.app, who.cookie, voice, { url, fields });
}

function comment(
  who: SignedIn | undefined,
  fields: Record<string, string>,
  audio: Buffer | null = voice,
  remoteAddress?: string,
) {
  const form = multipartForm(
    fields,
    audio ? [{ field: 'audio', filename: 'comment.webm', contentType: 'audio/webm', content: audio }] : [],
  );
  return testApp.app.inject({
    method: 'POST',
    url: '/api/comments',
    headers: { ...form.headers, ...(who ? { cookie: who.cookie } : {}) },
    remoteAddress,
    payload: form.payload,
  });
}

const notificationsOf = async (who: SignedIn) =>
  (await send(who, 'GET', '/api/notifications')).json() as Notification[];

describe(`likes, dislikes and reposts on ${databaseKind}`, () => {
  it('toggles on the server, one reaction per person, with counts', async () => {
    const author = await signUp(testApp.app);
    const fan = await signUp(testApp.app);
    const post = await publish(author);

    expect((await send(fan, 'POST', '/api/likes', { postId: post.id })).json()).toEqual({
      liked: true,
      count: 1,
    });
    expect((await send(author, 'GET', `/api/likes/post/${post.id}`)).json()).toEqual({
      liked: false,
      count: 1,
    });
    expect((await send(undefined, 'GET', `/api/likes/post/${post.id}`)).json()).toEqual({
      liked: false,
      count: 1,
    });

    expect((await send(fan, 'POST', '/api/dislikes', { postId: post.id })).json()).toEqual({
      disliked: true,
      count: 1,
    });
    expect((await send(fan, 'GET', `/api/likes/post/${post.id}`)).json()).toEqual({ liked: false, count: 0 });
    expect((await send(fan, 'POST', '/api/dislikes', { postId: post.id })).json()).toEqual({
      disliked: false,
      count: 0,
    });

    expect((await send(fan, 'POST', '/api/reposts', { postId: post.id })).json()).toEqual({
      reposted: true,
      count: 1,
    });
    expect((await send(fan, 'POST', '/api/reposts', { postId: post.id })).json()).toEqual({
      reposted: false,
      count: 0,
    });
    expect((await send(fan, 'GET', `/api/reposts/${post.id}`)).json()).toEqual({ reposted: false, count: 0 });
  });

  it('notifies the author once per person, never for their own actions', async () => {
    const author = await signUp(testApp.app);
    const fan = await signUp(testApp.app, { firstName: 'Fay', lastName: 'Fan' });
    const post = await publish(author);
    for (let i = 0; i < 3; i += 1) await send(fan, 'POST', '/api/likes', { postId: post.id });
    await send(fan, 'POST', '/api/reposts', { postId: post.id });
    await send(author, 'POST', '/api/likes', { postId: post.id });
    await send(author, 'POST', '/api/reposts', { postId: post.id });

    const notifications = await notificationsOf(author);
    expect(notifications.map((n) => n.type).sort()).toEqual(['like', 'repost']);
    expect(notifications[0]).toMatchObject({ read: false, postId: post.id, user: { id: fan.user.id } });
    expect(notifications.find((n) => n.type === 'like')!.message).toBe('Fay Fan liked your post');
    expect(await notificationsOf(fan)).toEqual([]);
  });

  it('explains a missing post id', async () => {
    const person = await signUp(testApp.app);
    const response = await send(person, 'POST', '/api/likes', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Say which post with postId.');
  });
});

describe(`follows on ${databaseKind}`, () => {
  it('toggles, counts, lists, and notifies once', async () => {
    const star = await signUp(testApp.app);
    const fan = await signUp(testApp.app, { firstName: 'Flo', lastName: 'Follower' });
    expect((await send(fan, 'POST', '/api/follows', { followingId: star.user.id })).json()).toEqual({
      followed: true,
    });
    expect((await send(fan, 'GET', `/api/follows/${star.user.id}`)).json()).toEqual({ following: true });
    expect((await send(undefined, 'GET', `/api/followers/count/${star.user.id}`)).json()).toBe(1);
    expect((await send(fan, 'GET', `/api/following/count/${fan.user.id}`)).json()).toBe(1);
    const followers = (await send(fan, 'GET', `/api/followers/${star.user.id}`)).json();
    expect(followers.map((user: { id: string }) => user.id)).toEqual([fan.user.id]);
    expect(JSON.stringify(followers)).not.toContain(fan.email);
    expect((await send(fan, 'GET', `/api/following/${fan.user.id}`)).json()[0].id).toBe(star.user.id);

    expect((await send(fan, 'POST', '/api/follows', { followingId: star.user.id })).json()).toEqual({
      followed: false,
    });
    await send(fan, 'POST', '/api/follows', { followingId: star.user.id });
    const notifications = await notificationsOf(star);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      type: 'follow',
      postId: null,
      message: 'Flo Follower started following you',
    });
  });

  it('lists no one for a person nobody follows, and answers 404 for someone who does not exist', async () => {
    const loner = await signUp(testApp.app);
    for (const side of ['followers', 'following']) {
      const empty = await send(loner, 'GET', `/api/${side}/${loner.user.id}`);
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual([]);
      const nobody = await send(loner, 'GET', `/api/${side}/nobody`);
      expect(nobody.statusCode).toBe(404);
      expect(nobody.json().message).toBe('No user has this id.');
    }
  });

  it('refuses following oneself or nobody', async () => {
    const person = await signUp(testApp.app);
    const self = await send(person, 'POST', '/api/follows', { followingId: person.user.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot follow yourself.');
    expect((await send(person, 'POST', '/api/follows', { followingId: 'nobody' })).statusCode).toBe(404);
    expect((await send(undefined, 'POST', '/api/follows', { followingId: person.user.id })).statusCode).toBe(
      401,
    );
  });
});

describe(`voice comments on ${databaseKind}`, () => {
  it('takes a member’s voice comment, measured by the server, and notifies the author', async () => {
    const author = await signUp(testApp.app);
    const listener = await signUp(testApp.app);
    const post = await publish(author);
    const response = await comment(listener, { postId: post.id, duration: '99', transcription: 'Nice one' });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as Comment;
    expect(created).toMatchObject({
      postId: post.id,
      transcription: 'Nice one',
      visitorName: null,
      user: { id: listener.user.id },
    });
    expect(created.duration).toBeCloseTo(1, 1);
    expect((await send(undefined, 'GET', created.audioUrl)).statusCode).toBe(200);

    const thread = (await send(undefined, 'GET', `/api/posts/${post.id}/comments`)).json() as Comment[];
    expect(thread.map((c) => c.id)).toEqual([created.id]);
    expect((await notificationsOf(author)).map((n) => n.type)).toEqual(['comment']);

    await comment(author, { postId: post.id });
    expect((await notificationsOf(author)).map((n) => n.type)).toEqual(['comment']);
  });

  it('takes visitors’ comments only where the owner allowed them, with a name, and rate limits them', async () => {
    const author = await signUp(testApp.app);
    const closed = await publish(author);
    const open = await publish(author, { allowVisitorComments: 'true' });
    expect(open.allowVisitorComments).toBe(true);
    expect(closed.allowVisitorComments).toBe(false);
    // Refused attempts count against a visitor's allowance too: these come from an address of their own.
    const elsewhere = '203.0.113.7';

    const refused = await comment(undefined, { postId: closed.id, visitorName: 'Val' }, voice, elsewhere);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/members only/);
    const nameless = await comment(undefined, { postId: open.id }, voice, elsewhere);
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toBe('Tell us your name to leave a comment.');

    const accepted = await comment(undefined, {
      postId: open.id,
      visitorName: 'Val',
      visitorEmail: 'val@example.com',
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ visitorName: 'Val', visitorEmail: null, user: null });

    const stranger = await signUp(testApp.app);
    for (const [who, email] of [
      [author, 'val@example.com'],
      [stranger, null],
      [undefined, null],
    ] as const) {
      const thread = (await send(who, 'GET', `/api/posts/${open.id}/comments`)).json() as Comment[];
      expect(thread[0]!.visitorEmail).toBe(email);
    }

    for (let i = 1; i < 5; i += 1) {
      expect((await comment(undefined, { postId: open.id, visitorName: `V${i}` })).statusCode).toBe(201);
    }
    const limited = await comment(undefined, { postId: open.id, visitorName: 'V6' });
    expect(limited.statusCode).toBe(429);
  });

  it('refuses comments over five minutes and files that are not audio', { timeout: 120_000 }, async () => {
    const author = await signUp(testApp.app);
    const post = await publish(author);
    const long = await streamedTone({
      seconds: 302,
      format: 'webm',
      codecArgs: ['-c:a', 'libopus', '-b:a', '16k'],
    });
    const tooLong = await comment(author, { postId: post.id }, long);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().message).toBe('Voice comments can be at most 5 minutes long.');
    const notAudio = await comment(author, { postId: post.id }, Buffer.from('hello'));
    expect(notAudio.statusCode).toBe(422);
    expect((await send(author, 'GET', `/api/posts/${post.id}/comments`)).json()).toEqual([]);
  });

  it('lets the comment’s author and the post’s owner delete it, nobody else', async () => {
    const author = await signUp(testApp.app);
    const listener = await signUp(testApp.app);
    const stranger = await signUp(testApp.app);
    const post = await publish(author);
    const first = (await comment(listener, { postId: post.id })).json() as Comment;
    const second = (await comment(listener, { postId: post.id })).json() as Comment;
    expect((await send(stranger, 'DELETE', `/api/comments/${first.id}`)).statusCode).toBe(403);
    expect((await send(listener, 'DELETE', `/api/comments/${first.id}`)).statusCode).toBe(200);
    expect((await send(author, 'DELETE', `/api/comments/${second.id}`)).statusCode).toBe(200);
    expect((await send(author, 'GET', `/api/posts/${post.id}/comments`)).json()).toEqual([]);
    expect((await send(author, 'GET', first.audioUrl)).statusCode).toBe(404);
  });

  it('goes with its post when the post is deleted, files and all', async () => {
    const author = await signUp(testApp.app);
    const listener = await signUp(testApp.app);
    const post = await publish(author);
    const reply = (await comment(listener, { postId: post.id })).json() as Comment;
    await send(listener, 'POST', '/api/likes', { postId: post.id });
    expect((await send(author, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(200);
    expect((await send(listener, 'GET', reply.audioUrl)).statusCode).toBe(404);
    expect(await notificationsOf(author)).toEqual([]);
  });
});

describe(`privacy of the social layer on ${databaseKind}`, () => {
  it('tells others nothing about a private post or draft', async () => {
    const owner = await signUp(testApp.app);
    const other = await signUp(testApp.app);
    const hidden = [
      await publish(owner, { isPrivate: 'true', allowVisitorComments: 'true' }),
      await publish(owner, {}, '/api/diary'),
    ];
    for (const post of hidden) {
      expect(post.allowVisitorComments).toBe(false);
      for (const who of [other, undefined]) {
        for (const [method, url, body] of [
          ['POST', '/api/likes', { postId: post.id }],
          ['POST', '/api/dislikes', { postId: post.id }],
          ['POST', '/api/reposts', { postId: post.id }],
          ['GET', `/api/likes/post/${post.id}`, undefined],
          ['GET', `/api/dislikes/post/${post.id}`, undefined],
          ['GET', `/api/reposts/${post.id}`, undefined],
          ['GET', `/api/posts/${post.id}/comments`, undefined],
        ] as const) {
          const response = await send(who, method, url, body);
          expect(response.statusCode, `${method} ${url}`).toBe(who ? 404 : method === 'POST' ? 401 : 404);
        }
        // From an address whose allowance earlier tests did not use up.
        const attempt = await comment(who, { postId: post.id, visitorName: 'V' }, voice, '198.51.100.9');
        expect(attempt.statusCode).toBe(404);
      }
      expect((await send(owner, 'POST', '/api/likes', { postId: post.id })).statusCode).toBe(200);
      expect((await comment(owner, { postId: post.id })).statusCode).toBe(201);
    }
  });
});

describe(`notifications on ${databaseKind}`, () => {
  it('lists newest first and marks all as read', async () => {
    const author = await signUp(testApp.app);
    const fan = await signUp(testApp.app);
    const post = await publish(author);
    await send(fan, 'POST', '/api/follows', { followingId: author.user.id });
    await send(fan, 'POST', '/api/likes', { postId: post.id });
    const before = await notificationsOf(author);
    expect(before.map((n) => n.type)).toEqual(['like', 'follow']);
    expect(before.every((n) => !n.read)).toBe(true);

    expect((await send(author, 'POST', '/api/notifications/read', {})).json()).toEqual({ updated: 2 });
    expect((await notificationsOf(author)).every((n) => n.read)).toBe(true);
    expect((await send(fan, 'POST', '/api/notifications/read', {})).json()).toEqual({ updated: 0 });
    expect((await send(undefined, 'GET', '/api/notifications')).statusCode).toBe(401);
  });
});
