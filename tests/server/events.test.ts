import type { Notification } from '@shared/contract/social';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATCH_UP_LIMIT } from '../../src/server/events/notification-feed';
import { eventChannel, jobWakeupChannel } from '../../src/server/events/pg-event-bus';
import { MAX_STREAMS_PER_USER } from '../../src/server/routes/events';
import { streamedTone } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { openEventStream, type EventStream, type ReceivedEvent } from './support/event-stream';
import { createTestApp, databaseKind, postgresUrl, type TestApp } from './support/test-app';
import { waitFor } from './support/waits';
import { publishWebm } from './support/uploads';

let testApp: TestApp;
let origin: string;
const openStreams: EventStream[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(openStreams.map((stream) => stream.close()));
  await testApp?.close();
});

async function streamOf(who: SignedIn, options: Parameters<typeof openEventStream>[2] = {}, at = origin) {
  const stream = await openEventStream(at, who.cookie, options);
  openStreams.push(stream);
  return stream;
}

async function follow(app: TestApp, follower: SignedIn, target: SignedIn): Promise<void> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/follows',
    headers: { cookie: follower.cookie },
    payload: { followingId: target.user.id },
  });
  expect(response.json()).toEqual({ followed: true });
}

/** A new person follows `target`: one new notification for them. */
async function newFollowerOf(target: SignedIn, app = testApp): Promise<SignedIn> {
  const follower = await signUp(testApp.app);
  await follow(app, follower, target);
  return follower;
}

async function notificationsOf(who: SignedIn): Promise<Notification[]> {
  return (await testApp.app.inject({ url: '/api/notifications', headers: { cookie: who.cookie } })).json();
}

function expectFollowFrom(event: ReceivedEvent, follower: SignedIn): Notification {
  expect(event.event).toBe('notification');
  const notification = JSON.parse(event.data) as Notification;
  expect(notification).toMatchObject({ type: 'follow', user: { id: follower.user.id } });
  expect(event.id).toBe(notification.id);
  return notification;
}

describe(`GET /api/events on ${databaseKind}`, () => {
  it('needs a session', async () => {
    const response = await testApp.app.inject({ url: '/api/events' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it("delivers a like to the author's open stream as the notification the list shows", async () => {
    const author = await signUp(testApp.app);
    const fan = await signUp(testApp.app);
    const voice = await streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
    const post = await publishWebm(testApp.app, author.cookie, voice);
    const stream = await streamOf(author);

    const liked = await testApp.app.inject({
      method: 'POST',
      url: '/api/likes',
      headers: { cookie: fan.cookie },
      payload: { postId: post.id },
    });
    expect(liked.json()).toMatchObject({ liked: true });

    const event = await stream.next();
    expect(event.event).toBe('notification');
    const [listed] = await notificationsOf(author);
    expect(listed).toMatchObject({ type: 'like', user: { id: fan.user.id }, read: false });
    expect(event.id).toBe(listed!.id);
    expect(JSON.parse(event.data)).toEqual(listed);
  });

  it('answers as an event stream that proxies neither cache nor buffer', async () => {
    const listener = await signUp(testApp.app);
    const response = await fetch(`${origin}/api/events`, { headers: { cookie: listener.cookie } });
    try {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-accel-buffering')).toBe('no');
    } finally {
      await response.body?.cancel();
    }
  });

  it("never carries another person's events", async () => {
    const me = await signUp(testApp.app);
    const someoneElse = await signUp(testApp.app);
    const stream = await streamOf(me);

    await newFollowerOf(someoneElse);
    const mine = await newFollowerOf(me);

    // Events reach the bus in commit order: had the other person's been sent here, it would have come first.
    expectFollowFrom(await stream.next(), mine);
  });

  it('sends one event per notification: a repeated follow notifies once', async () => {
    const me = await signUp(testApp.app);
    const stream = await streamOf(me);
    const fickle = await newFollowerOf(me);
    expectFollowFrom(await stream.next(), fickle);
    const unfollowed = await testApp.app.inject({
      method: 'POST',
      url: '/api/follows',
      headers: { cookie: fickle.cookie },
      payload: { followingId: me.user.id },
    });
    expect(unfollowed.json()).toEqual({ followed: false });
    await follow(testApp, fickle, me);

    const next = await newFollowerOf(me);
    expectFollowFrom(await stream.next(), next);
  });

  it('catches up after Last-Event-ID with exactly the notifications missed, then goes on live', async () => {
    const me = await signUp(testApp.app);
    const first = await streamOf(me);
    const firstFollower = await newFollowerOf(me);
    const seen = expectFollowFrom(await first.next(), firstFollower);
    await first.close();

    const missed = [await newFollowerOf(me), await newFollowerOf(me), await newFollowerOf(me)];
    const again = await streamOf(me, { lastEventId: seen.id });
    for (const follower of missed) expectFollowFrom(await again.next(), follower);
    const live = await newFollowerOf(me);
    expectFollowFrom(await again.next(), live);

    // A client that cannot set headers names the last event in the query instead.
    const fromQuery = await streamOf(me, { query: `?lastEventId=${seen.id}` });
    for (const follower of [...missed, live]) expectFollowFrom(await fromQuery.next(), follower);
  });

  it(`sends one resync event instead of more than ${CATCH_UP_LIMIT} missed notifications`, async () => {
    const me = await signUp(testApp.app);
    const actor = await signUp(testApp.app);
    const first = await streamOf(me);
    const firstFollower = await newFollowerOf(me);
    const seen = expectFollowFrom(await first.next(), firstFollower);
    await first.close();
    for (let index = 0; index <= CATCH_UP_LIMIT; index += 1) {
      await testApp.context.notifications.notify(testApp.context.db, {
        recipientId: me.user.id,
        actorId: actor.user.id,
        type: 'follow',
        postId: null,
        once: `missed-${index}`,
      });
    }

    const again = await streamOf(me, { lastEventId: seen.id });
    const resync = await again.next();
    const [newest] = await notificationsOf(me);
    expect(resync).toEqual({ event: 'resync', id: newest!.id, data: '{}' });
    // The bus may announce a missed one only now (PostgreSQL's NOTIFY arrives when it arrives): the reload shows it.
    await testApp.context.events.publish(testApp.context.db, {
      type: 'notification',
      userId: me.user.id,
      id: newest!.id,
    });
    const live = await newFollowerOf(me);
    expectFollowFrom(await again.next(), live);
  });

  it('refuses a Last-Event-ID that is not an event id', async () => {
    const me = await signUp(testApp.app);
    for (const headers of [{ 'last-event-id': 'nonsense' }, {}]) {
      const response = await testApp.app.inject({
        url: `/api/events${'last-event-id' in headers ? '' : '?lastEventId=12'}`,
        headers: { cookie: me.cookie, ...headers },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: expect.stringContaining('id of an event') });
    }
  });

  it('sends nothing for a write that rolls back', async () => {
    const me = await signUp(testApp.app);
    const actor = await signUp(testApp.app);
    const stream = await streamOf(me);
    const { db, notifications, events } = testApp.context;
    const heard: string[] = [];
    const unsubscribe = events.subscribe(me.user.id, (message) => {
      if (message.type === 'notification') heard.push(message.id);
    });

    await expect(
      db.transaction().execute(async (trx) => {
        await notifications.notify(trx, {
          recipientId: me.user.id,
          actorId: actor.user.id,
          type: 'follow',
          postId: null,
          once: me.user.id,
        });
        throw new Error('the write fails after the notification');
      }),
    ).rejects.toThrow('the write fails');

    const follower = await newFollowerOf(me);
    const delivered = expectFollowFrom(await stream.next(), follower);
    unsubscribe();
    // Not even the bus heard of the rolled-back one.
    expect(heard).toEqual([delivered.id]);
    expect((await notificationsOf(me)).map((item) => item.user.id)).toEqual([follower.user.id]);
  });

  it('ends the stream once its session is signed out, without sending what came after', async () => {
    const me = await signUp(testApp.app);
    const stream = await streamOf(me);
    await testApp.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: me.cookie } });

    await newFollowerOf(me);
    await stream.ended();
  });

  it(`allows ${MAX_STREAMS_PER_USER} open streams per person, then answers 429`, async () => {
    const me = await signUp(testApp.app);
    const streams = [];
    for (let index = 0; index < MAX_STREAMS_PER_USER; index += 1) streams.push(await streamOf(me));

    const refused = await fetch(`${origin}/api/events`, { headers: { cookie: me.cookie } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: expect.stringContaining('Too many live connections') });

    await streams[0]!.close();
    await waitFor(async () => {
      const response = await fetch(`${origin}/api/events`, { headers: { cookie: me.cookie } });
      await response.body?.cancel();
      return response.status === 200 || undefined;
    }, 10_000);
  });

  it('ends open streams when the app closes, so closing does not wait for them', async () => {
    const instance = await createTestApp({}, { sameDatabaseAs: testApp });
    const at = await instance.app.listen({ port: 0, host: '127.0.0.1' });
    const me = await signUp(instance.app);
    const stream = await openEventStream(at, me.cookie);
    try {
      await instance.close();
      await stream.ended();
    } finally {
      await stream.close();
    }
  });
});

describe.skipIf(databaseKind !== 'postgres')('live events across instances on PostgreSQL', () => {
  let other: TestApp;
  let otherOrigin: string;
  beforeAll(async () => {
    other = await createTestApp({}, { sameDatabaseAs: testApp });
    otherOrigin = await other.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => other?.close());

  it('delivers a write made through one instance to a stream held on another', async () => {
    const me = await signUp(testApp.app);
    const stream = await streamOf(me, {}, otherOrigin);
    const follower = await newFollowerOf(me, testApp);
    expectFollowFrom(await stream.next(), follower);
  });

  it('recovers when its listening connection is killed, and catches up what was sent meanwhile', async () => {
    const me = await signUp(testApp.app);
    const stream = await streamOf(me, {}, otherOrigin);
    const database = other.config.database;
    if (database.kind !== 'postgres') throw new Error('unreachable');
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      // Each instance's listening connection last ran one of these, whichever it listened on last.
      const listenQueries = [eventChannel, jobWakeupChannel].map(
        (channel) => `listen ${admin.escapeIdentifier(channel(database.schema))}`,
      );
      const listeners = async () =>
        (
          await admin.query<{ pid: number; backend_start: Date }>(
            'select pid, backend_start from pg_stat_activity where query = any($1) order by pid',
            [listenQueries],
          )
        ).rows;
      // Both instances listen on the schema's channel: kill both.
      const before = await listeners();
      expect(before).toHaveLength(2);
      const duringGap = await signUp(testApp.app);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where query = any($1)', [
        listenQueries,
      ]);

      await follow(testApp, duringGap, me);
      const [sent] = await notificationsOf(me);
      // The missed notification, and the page told to reload its conversations (which are not caught up), in
      // whichever order the two feeds finish.
      const resynced = [await stream.next(), await stream.next()];
      expect(resynced.map((event) => event.event).sort()).toEqual(['conversations-resync', 'notification']);
      expectFollowFrom(
        resynced.find((event) => event.event === 'notification')!,
        duringGap,
      );

      const after = await waitFor(async () => {
        const rows = await listeners();
        return rows.length === 2 ? rows : undefined;
      }, 15_000);
      expect(after.map((row) => row.pid)).not.toEqual(expect.arrayContaining(before.map((row) => row.pid)));
      // The follow was written before either listener was back: it came by the resync, not by NOTIFY.
      const restored = Math.min(...after.map((row) => row.backend_start.getTime()));
      expect(Date.parse(sent!.createdAt)).toBeLessThan(restored);

      const live = await newFollowerOf(me, testApp);
      expectFollowFrom(await stream.next(), live);
    } finally {
      await admin.end();
    }
  });
});
