import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Post } from '@shared/contract/posts';
import type { Comment, Notification } from '@shared/contract/social';
import type { PublicUser } from '@shared/contract/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database';
import { createAudioLibrary, type AudioLibrary } from '../../src/server/services/audio-library';
import { createReplyAnnouncements } from '../../src/server/federation/voice-replies';
import { createCommentService } from '../../src/server/services/comment-service';
import { createConversationService } from '../../src/server/services/conversation-service';
import { createSafetyService } from '../../src/server/services/safety-service';
import type { InteractionAnnouncements } from '../../src/server/federation/interactions';
import { multipartForm, streamedTone } from '../support/audio';
import { signUp, type SignedIn, callAs, type Method } from './support/accounts';
import { openEventStream, type EventStream } from './support/event-stream';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { publishWebm, sendForm, webmPart } from './support/uploads';

let testApp: TestApp;
let origin: string;
let voice: Buffer;
const openStreams: EventStream[] = [];
/** This suite's app does not federate: its blocks tell no other server. */
const NOT_FEDERATING: InteractionAnnouncements = { announce: async () => {} };

beforeAll(async () => {
  testApp = await createTestApp();
  origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  voice = await streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
});
afterAll(async () => {
  await Promise.all(openStreams.map((stream) => stream.close()));
  await testApp?.close();
});

const call = (who: SignedIn | undefined, method: Method, url: string, payload?: object) =>
  callAs(testApp.app, who, method, url, payload);

async function ok<T>(who: SignedIn | undefined, method: Method, url: string, payload?: object): Promise<T> {
  const response = await call(who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

/** A word no other post or person has, so search finds exactly what a test made. */
const uniqueWord = () => `zq${randomBytes(4).toString('hex')}`;

let people = 0;
const person = (firstName = 'Safety') => {
  people += 1;
  return signUp(testApp.app, { firstName, lastName: `${uniqueWord()}${people}` });
};

const publish = (who: SignedIn, title = uniqueWord()): Promise<Post> =>
  publishWebm(testApp.app, who.cookie, voice, { fields: { title } });

function comment(who: SignedIn, postId: string) {
  const form = multipartForm({ postId }, [webmPart(voice)]);
  return sendForm(testApp.app, who.cookie, '/api/comments', form);
}

const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);
const authors = (posts: Post[]) => posts.map((post) => post.user.id);

const block = (who: SignedIn, other: SignedIn) => ok(who, 'PUT', `/api/users/${other.user.id}/block`);
const unblock = (who: SignedIn, other: SignedIn) => ok(who, 'DELETE', `/api/users/${other.user.id}/block`);
const mute = (who: SignedIn, other: SignedIn) => ok(who, 'PUT', `/api/users/${other.user.id}/mute`);
const unmute = (who: SignedIn, other: SignedIn) => ok(who, 'DELETE', `/api/users/${other.user.id}/mute`);
const follow = (who: SignedIn, other: SignedIn) =>
  call(who, 'POST', '/api/follows', { followingId: other.user.id });

/** The post authors each list of posts shows `who`. */
async function postListsOf(who: SignedIn, word: string) {
  return {
    feed: authors(await ok<Post[]>(who, 'GET', '/api/feed?limit=100')),
    all: authors(await ok<Post[]>(who, 'GET', '/api/posts?limit=100')),
    trending: authors(await ok<Post[]>(who, 'GET', '/api/discover/trending?limit=100')),
    search: authors(await ok<Post[]>(who, 'GET', `/api/search/posts/${word}`)),
  };
}

/** The people each list of people shows `who`. */
async function peopleListsOf(who: SignedIn, word: string) {
  return {
    users: ids(await ok<PublicUser[]>(who, 'GET', '/api/users?limit=100')),
    active: ids(await ok<PublicUser[]>(who, 'GET', '/api/discover/active-users?limit=20')),
    search: ids(await ok<PublicUser[]>(who, 'GET', `/api/search/users/${word}`)),
  };
}

const notificationsOf = (who: SignedIn) => ok<Notification[]>(who, 'GET', '/api/notifications');
const unreadFrom = async (who: SignedIn, actor: SignedIn) =>
  (await notificationsOf(who)).filter((each) => !each.read && each.user.id === actor.user.id).length;

describe(`blocking and muting on ${databaseKind}: who may ask`, () => {
  it('needs a session for every call', async () => {
    const someone = await person();
    for (const [method, url] of [
      ['PUT', `/api/users/${someone.user.id}/block`],
      ['DELETE', `/api/users/${someone.user.id}/block`],
      ['PUT', `/api/users/${someone.user.id}/mute`],
      ['DELETE', `/api/users/${someone.user.id}/mute`],
      ['GET', '/api/me/blocks'],
      ['GET', '/api/me/mutes'],
    ] as const) {
      const response = await call(undefined, method, url);
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('refuses oneself with 400 and nobody with 404, each with words to act on', async () => {
    const me = await person();
    for (const kind of ['block', 'mute']) {
      const self = await call(me, 'PUT', `/api/users/${me.user.id}/${kind}`);
      expect(self.statusCode).toBe(400);
      expect(self.json()).toEqual({ message: `You cannot ${kind} yourself.` });
      const nobody = await call(me, 'PUT', `/api/users/no-such-person/${kind}`);
      expect(nobody.statusCode).toBe(404);
      expect(nobody.json()).toEqual({ message: 'No user has this id.' });
      const undone = await call(me, 'DELETE', `/api/users/${me.user.id}/${kind}`);
      expect(undone.statusCode).toBe(400);
      expect(undone.json()).toEqual({ message: `You cannot un${kind} yourself.` });
    }
  });

  it('limits blocks and mutes to 60 an hour each, per person', async () => {
    const [me, them] = [await person(), await person()];
    for (const kind of ['block', 'mute']) {
      const statuses = [];
      for (let i = 0; i < 61; i += 1) {
        statuses.push((await call(me, 'PUT', `/api/users/${them.user.id}/${kind}`)).statusCode);
      }
      expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
      expect(statuses[60]).toBe(429);
    }
    // Undoing is never held back, nor is anyone else.
    expect((await call(me, 'DELETE', `/api/users/${them.user.id}/block`)).statusCode).toBe(200);
    expect((await call(them, 'PUT', `/api/users/${me.user.id}/mute`)).statusCode).toBe(200);
  });

  it('caps how many people one person blocks or mutes, and says how to make room', async () => {
    const safety = createSafetyService(testApp.context.db, NOT_FEDERATING, 2);
    const [me, first, second, third] = [await person(), await person(), await person(), await person()];
    for (const [add, remove, noun, undo] of [
      [safety.block, safety.unblock, 'block', 'Unblock'],
      [safety.mute, safety.unmute, 'mute', 'Unmute'],
    ] as const) {
      await add(me.user.id, first.user.id);
      await add(me.user.id, second.user.id);
      await expect(add(me.user.id, third.user.id)).rejects.toMatchObject({
        statusCode: 422,
        message: `You already ${noun} 2 people, the most you can. ${undo} someone to ${noun} someone else.`,
      });
      // Asking again for someone already listed is not one more.
      await add(me.user.id, second.user.id);
      await remove(me.user.id, first.user.id);
      await add(me.user.id, third.user.id);
    }
  });

  it('answers 404, not a failure, when the other account is deleted at that very moment', async () => {
    for (const verb of ['block', 'mute'] as const) {
      const [me, gone] = [await person(), await person()];
      const db = testApp.context.db;
      // The account goes between the check that it exists and the write.
      const racing = new Proxy(db, {
        get(target, key) {
          if (key !== 'transaction') {
            const value: unknown = Reflect.get(target, key, target);
            return typeof value === 'function' ? value.bind(target) : value;
          }
          return () => ({
            execute: async (work: (trx: Db) => Promise<unknown>) => {
              await target.deleteFrom('users').where('id', '=', gone.user.id).execute();
              return target.transaction().execute(work);
            },
          });
        },
      });
      await expect(
        createSafetyService(racing, NOT_FEDERATING)[verb](me.user.id, gone.user.id),
      ).rejects.toMatchObject({
        statusCode: 404,
        message: 'No user has this id.',
      });
    }
  });
});

describe(`blocking on ${databaseKind}`, () => {
  it('ends the follows between the two, either way, and unblocking gives none back', async () => {
    const me = await person();
    const them = await person();
    await follow(me, them);
    await follow(them, me);
    expect(await ok(me, 'PUT', `/api/users/${them.user.id}/block`)).toEqual({
      userId: them.user.id,
      viewerBlocks: true,
      viewerMutes: false,
    });
    expect(await ok(me, 'GET', `/api/follows/${them.user.id}`)).toMatchObject({ following: false });
    expect(await ok(them, 'GET', `/api/follows/${me.user.id}`)).toMatchObject({ following: false });
    expect(await ok(me, 'GET', `/api/followers/count/${me.user.id}`)).toBe(0);

    await unblock(me, them);
    expect(await ok(me, 'GET', `/api/follows/${them.user.id}`)).toMatchObject({ following: false });
    expect(await ok(me, 'GET', `/api/followers/count/${me.user.id}`)).toBe(0);
    expect((await follow(them, me)).json()).toEqual({ followed: true });
  });

  it("counts each person's followers and following as their lists show them, to the two and to everyone else", async () => {
    const [owner, blocker, blocked, other] = [await person(), await person(), await person(), await person()];
    for (const follower of [blocker, blocked]) {
      await follow(follower, owner);
      await follow(owner, follower);
    }
    // The blocked person followed the blocker: the block ends it, so neither one's lists hold the other.
    await follow(blocked, blocker);
    await block(blocker, blocked);
    const figures = async (viewer: SignedIn | undefined, of: SignedIn, side: 'followers' | 'following') => {
      const count = await ok<number>(viewer, 'GET', `/api/${side}/count/${of.user.id}`);
      const listed = viewer ? ids(await ok<PublicUser[]>(viewer, 'GET', `/api/${side}/${of.user.id}`)) : null;
      return { count, listed };
    };
    const seenBy = async (viewer: SignedIn, of: SignedIn) => {
      const stats = await ok<{ followers: number; following: number }>(
        viewer,
        'GET',
        `/api/users/${of.user.id}/stats`,
      );
      return {
        followers: await figures(viewer, of, 'followers'),
        following: await figures(viewer, of, 'following'),
        stats: { followers: stats.followers, following: stats.following },
      };
    };
    const both = [blocked.user.id, blocker.user.id].sort();
    const sorted = (list: string[] | null) => list && [...list].sort();
    for (const [viewer, expected] of [
      [blocker, [blocker.user.id]],
      [blocked, [blocked.user.id]],
      [other, both],
    ] as const) {
      const seen = await seenBy(viewer, owner);
      expect(sorted(seen.followers.listed)).toEqual(expected);
      expect(sorted(seen.following.listed)).toEqual(expected);
      expect([
        seen.followers.count,
        seen.following.count,
        seen.stats.followers,
        seen.stats.following,
      ]).toEqual(Array(4).fill(expected.length));
    }
    for (const side of ['followers', 'following'] as const) {
      expect(await figures(undefined, owner, side)).toEqual({ count: 2, listed: null });
    }
    for (const viewer of [blocker, other]) {
      const seen = await seenBy(viewer, blocker);
      expect(seen.followers).toEqual({ count: 1, listed: [owner.user.id] });
      expect(seen.following).toEqual({ count: 1, listed: [owner.user.id] });
    }
  });

  it('leaves no follow behind a block made at the same moment as the follow', async () => {
    const db = testApp.context.db;
    for (let round = 0; round < 8; round += 1) {
      const [me, them] = [await person(), await person()];
      await Promise.all([follow(them, me), block(me, them)]);
      const follows = await db
        .selectFrom('follows')
        .select('follower_id')
        .where('follower_id', '=', them.user.id)
        .where('following_id', '=', me.user.id)
        .execute();
      expect(follows, `round ${round}`).toEqual([]);
    }
  });

  it("takes each one's posts, comments and person out of the other's lists, and back on unblocking", async () => {
    const word = uniqueWord();
    const me = await person(word);
    const them = await person(word);
    const bystander = await person();
    const mine = await publish(me, word);
    const theirs = await publish(them, word);
    const elsewhere = await publish(bystander);
    expect((await comment(them, elsewhere.id)).statusCode).toBe(201);
    await follow(them, bystander);

    const before = await postListsOf(me, word);
    for (const list of Object.values(before)) expect(list).toContain(them.user.id);
    expect(Object.values(await peopleListsOf(me, word)).every((list) => list.includes(them.user.id))).toBe(
      true,
    );

    await block(me, them);

    for (const [viewer, hidden] of [
      [me, them],
      [them, me],
    ] as const) {
      for (const [name, list] of Object.entries(await postListsOf(viewer, word))) {
        expect(list, name).not.toContain(hidden.user.id);
      }
      for (const [name, list] of Object.entries(await peopleListsOf(viewer, word))) {
        expect(list, name).not.toContain(hidden.user.id);
      }
      expect(await ok(viewer, 'GET', `/api/posts/user/${hidden.user.id}`)).toEqual([]);
      const post = hidden === them ? theirs : mine;
      expect((await call(viewer, 'GET', `/api/posts/${post.id}`)).statusCode).toBe(404);
      expect((await call(viewer, 'GET', `/api/posts/${post.id}/comments`)).statusCode).toBe(404);
    }
    const comments = await ok<Comment[]>(me, 'GET', `/api/posts/${elsewhere.id}/comments`);
    expect(comments).toEqual([]);
    expect(ids(await ok<PublicUser[]>(me, 'GET', `/api/followers/${bystander.user.id}`))).not.toContain(
      them.user.id,
    );
    // Others still see both of them.
    expect(authors(await ok<Post[]>(bystander, 'GET', '/api/feed?limit=100'))).toEqual(
      expect.arrayContaining([me.user.id, them.user.id]),
    );
    // A visitor is no one to hide from.
    expect((await call(undefined, 'GET', `/api/posts/${theirs.id}`)).statusCode).toBe(200);

    await unblock(me, them);
    expect(await postListsOf(me, word)).toEqual(before);
    expect(ids(await ok<Comment[]>(me, 'GET', `/api/posts/${elsewhere.id}/comments`))).toHaveLength(1);
  });

  it('refuses following, commenting, starting a chat and adding to a group, either way, without saying who blocked', async () => {
    const me = await person();
    const them = await person();
    const friend = await person();
    const mine = await publish(me);
    const theirs = await publish(them);
    const chat = await ok<{ id: string }>(them, 'POST', '/api/conversations', {
      type: 'direct',
      participantIds: [me.user.id],
    });
    const group = await ok<{ id: string }>(me, 'POST', '/api/conversations', {
      type: 'group',
      name: 'Friends',
      participantIds: [friend.user.id, await person().then((other) => other.user.id)],
    });
    await block(me, them);

    const refused = { message: "You can't do that for this person." };
    for (const [who, other] of [
      [them, me],
      [me, them],
    ] as const) {
      const followed = await follow(who, other);
      expect(followed.statusCode).toBe(403);
      expect(followed.json()).toEqual(refused);
      const started = await call(who, 'POST', '/api/conversations', {
        type: 'direct',
        participantIds: [other.user.id],
      });
      expect(started.statusCode).toBe(403);
      expect(started.json()).toEqual(refused);
      const grouped = await call(who, 'POST', '/api/conversations', {
        type: 'group',
        name: 'Both of us',
        participantIds: [other.user.id, friend.user.id],
      });
      expect(grouped.statusCode).toBe(403);
      const form = multipartForm({}, [webmPart(voice)]);
      const sent = await sendForm(testApp.app, who.cookie, `/api/conversations/${chat.id}/recordings`, form);
      expect(sent.statusCode).toBe(403);
      expect(sent.json()).toEqual(refused);
    }
    const added = await call(me, 'POST', `/api/conversations/${group.id}/members`, {
      userIds: [them.user.id],
    });
    expect(added.statusCode).toBe(403);
    // Their posts are not there for each other: commenting and liking find nothing.
    expect((await comment(them, mine.id)).statusCode).toBe(404);
    expect((await comment(me, theirs.id)).statusCode).toBe(404);
    expect((await call(them, 'POST', '/api/likes', { postId: mine.id })).statusCode).toBe(404);

    // The profile tells the one who blocks (to unblock); the other finds none, as if there were no such person.
    expect(await ok(me, 'GET', `/api/users/${them.user.id}`)).toMatchObject({ viewerBlocks: true });
    const hidden = await call(them, 'GET', `/api/users/${me.user.id}`);
    expect([hidden.statusCode, hidden.json()]).toEqual([404, { message: 'No user has this id.' }]);

    await unblock(me, them);
    expect((await follow(them, me)).json()).toEqual({ followed: true });
    expect((await comment(them, mine.id)).statusCode).toBe(201);
  });

  it("keeps each one's stats and their direct chat's voice from the other, either way", async () => {
    const me = await person();
    const them = await person();
    await publish(me);
    await publish(them);
    const chat = await ok<{ id: string }>(them, 'POST', '/api/conversations', {
      type: 'direct',
      participantIds: [me.user.id],
    });
    const form = multipartForm({}, [webmPart(voice)]);
    const sent = await sendForm(testApp.app, me.cookie, `/api/conversations/${chat.id}/recordings`, form);
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    await block(me, them);

    for (const [who, other] of [
      [them, me],
      [me, them],
    ] as const) {
      const stats = await call(who, 'GET', `/api/users/${other.user.id}/stats`);
      expect(stats.statusCode).toBe(404);
      expect(stats.json()).toEqual({ message: 'No user has this id.' });
      const published = await call(who, 'POST', `/api/conversations/${chat.id}/publish`);
      expect(published.statusCode).toBe(403);
      expect(published.json()).toEqual({ message: "You can't do that for this person." });
    }
    const postsOf = (who: SignedIn) =>
      testApp.context.db.selectFrom('posts').select('id').where('user_id', '=', who.user.id).execute();
    expect((await postsOf(them)).length + (await postsOf(me)).length).toBe(2);

    await unblock(me, them);
    expect(await ok(them, 'GET', `/api/users/${me.user.id}/stats`)).toMatchObject({ totalEpisodes: 1 });
  });

  it('refuses a voice message or comment when a block comes while its audio is measured, keeping neither', async () => {
    const { context } = testApp;
    const [me, them] = [await person(), await person()];
    const chat = await ok<{ id: string }>(them, 'POST', '/api/conversations', {
      type: 'direct',
      participantIds: [me.user.id],
    });
    const theirs = await publish(them);
    // They block me after my audio was let in, while ffmpeg measures it.
    const library = createAudioLibrary(context);
    const audio: AudioLibrary = {
      ...library,
      async prepare(...args) {
        const prepared = await library.prepare(...args);
        await block(them, me);
        return prepared;
      },
    };
    const upload = () => context.scratch.receive(Readable.from(voice), voice.length + 1);

    const conversations = createConversationService({ ...context, audio });
    await conversations.admitRecording(me.user.id, chat.id);
    await expect(
      conversations.send(me.user.id, chat.id, await upload(), { transcription: undefined }),
    ).rejects.toMatchObject({
      statusCode: 403,
    });
    await unblock(them, me);
    const comments = createCommentService({
      ...context,
      audio,
      fediverse: createReplyAnnouncements(context.jobs, false),
    });
    const fields = { postId: theirs.id };
    const admitted = await comments.admit({ kind: 'user', userId: me.user.id }, fields);
    await expect(comments.create(admitted, await upload(), fields)).rejects.toMatchObject({
      statusCode: 404,
    });

    const { db } = context;
    const left = await Promise.all([
      db.selectFrom('conversation_messages').select('id').where('user_id', '=', me.user.id).execute(),
      db.selectFrom('comments').select('id').where('user_id', '=', me.user.id).execute(),
    ]);
    expect(left).toEqual([[], []]);
  });

  it('lists the people I block, most recent first, a page at a time', async () => {
    const me = await person();
    const [first, second, third] = [await person(), await person(), await person()];
    for (const other of [first, second, third]) await block(me, other);
    const page = await call(me, 'GET', '/api/me/blocks?limit=2');
    expect(ids(page.json())).toEqual([third.user.id, second.user.id]);
    const cursor = page.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const rest = await call(me, 'GET', `/api/me/blocks?limit=2&cursor=${cursor}`);
    expect(ids(rest.json())).toEqual([first.user.id]);
    expect(rest.headers['x-next-cursor']).toBeUndefined();
    expect(await ok(me, 'GET', '/api/me/mutes')).toEqual([]);
    expect(await ok(first, 'GET', '/api/me/blocks')).toEqual([]);
  });
});

describe(`muting on ${databaseKind}`, () => {
  it('takes their posts out of what comes to me, leaves their profile and their view as they were', async () => {
    const word = uniqueWord();
    const me = await person(word);
    const them = await person(word);
    const bystander = await person();
    const theirs = await publish(them, word);
    const elsewhere = await publish(bystander);
    expect((await comment(them, elsewhere.id)).statusCode).toBe(201);
    await mute(me, them);

    for (const [name, list] of Object.entries(await postListsOf(me, word))) {
      expect(list, name).not.toContain(them.user.id);
    }
    const people = await peopleListsOf(me, word);
    expect(people.active).not.toContain(them.user.id);
    expect(people.users).not.toContain(them.user.id);
    // Still found by name, to unmute; still there on their profile and by a link.
    expect(people.search).toContain(them.user.id);
    expect(ids(await ok(me, 'GET', `/api/posts/user/${them.user.id}`))).toEqual([theirs.id]);
    expect((await call(me, 'GET', `/api/posts/${theirs.id}`)).statusCode).toBe(200);
    expect(await ok(me, 'GET', `/api/posts/${elsewhere.id}/comments`)).toEqual([]);
    expect(await ok(me, 'GET', `/api/users/${them.user.id}`)).toMatchObject({
      viewerBlocks: false,
      viewerMutes: true,
    });
    expect(ids(await ok(me, 'GET', '/api/me/mutes'))).toEqual([them.user.id]);

    // They are not told: nothing in their view changes, and they can still follow and comment.
    expect(await ok(them, 'GET', `/api/users/${me.user.id}`)).toMatchObject({ viewerMutes: false });
    const mine = await publish(me, word);
    expect(ids(await ok<Post[]>(them, 'GET', '/api/feed?limit=100'))).toContain(mine.id);
    expect((await follow(them, me)).json()).toEqual({ followed: true });

    await unmute(me, them);
    expect(authors(await ok<Post[]>(me, 'GET', '/api/feed?limit=100'))).toContain(them.user.id);
    expect(await ok(me, 'GET', '/api/me/mutes')).toEqual([]);
  });

  it('keeps their notifications out of my list, my unread count and my live events, and shows them again on unmuting', async () => {
    const me = await person();
    const them = await person();
    const friend = await person();
    const post = await publish(me);
    await mute(me, them);
    const stream = await openEventStream(origin, me.cookie);
    openStreams.push(stream);

    await ok(them, 'POST', '/api/likes', { postId: post.id });
    expect((await follow(them, me)).json()).toEqual({ followed: true });
    // A notification that is delivered, after the muted ones: the stream's next event must be it.
    await follow(friend, me);
    const event = await stream.next();
    expect(JSON.parse(event.data)).toMatchObject({ type: 'follow', user: { id: friend.user.id } });

    expect((await notificationsOf(me)).map((each) => each.user.id)).toEqual([friend.user.id]);
    expect(await unreadFrom(me, them)).toBe(0);

    await unmute(me, them);
    expect(await unreadFrom(me, them)).toBe(2);
  });

  it('keeps what someone I block did out of my notifications', async () => {
    const me = await person();
    const them = await person();
    const post = await publish(me);
    await ok(them, 'POST', '/api/likes', { postId: post.id });
    expect(await unreadFrom(me, them)).toBe(1);
    await block(me, them);
    expect(await unreadFrom(me, them)).toBe(0);
  });
});
