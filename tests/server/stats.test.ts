import type { Post } from '@shared/contract/posts';
import type { UserStats } from '@shared/contract/stats';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMaintenance } from '../../src/server/maintenance';
import { streamedTone } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { publishWebm } from './support/uploads';
import { waitFor } from './support/waits';

let testApp: TestApp;
const tones = new Map<number, Buffer>();
beforeAll(async () => {
  testApp = await createTestApp();
  for (const seconds of [1, 2, 3, 4, 10]) {
    tones.set(seconds, await streamedTone({ seconds, format: 'webm', codecArgs: ['-c:a', 'libopus'] }));
  }
});
afterAll(() => testApp?.close());

const publish = (who: SignedIn, seconds: number, fields: Record<string, string>, url = '/api/posts') =>
  publishWebm(testApp.app, who.cookie, tones.get(seconds)!, { url, fields });

function send(who: SignedIn | undefined, method: 'GET' | 'POST', url: string, payload?: object) {
  return testApp.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

/** A play reported by the player; a visitor is told apart by address and browser. */
function listen(
  postId: string,
  seconds: number,
  listener: SignedIn | { address: string; userAgent: string },
  app = testApp.app,
) {
  const visitor = 'address' in listener ? listener : undefined;
  return app.inject({
    method: 'POST',
    url: `/api/posts/${postId}/listens`,
    payload: { seconds },
    headers: visitor ? { 'user-agent': visitor.userAgent } : { cookie: (listener as SignedIn).cookie },
    ...(visitor && { remoteAddress: visitor.address }),
  });
}

const statsOf = async (viewer: SignedIn, userId: string) => {
  const response = await send(viewer, 'GET', `/api/users/${userId}/stats`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as UserStats;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const today = () => dayOf(Date.now());

const storedSalts = async () =>
  new Map(
    (await testApp.context.db.selectFrom('listener_salts').selectAll().execute()).map((row) => [
      row.day,
      row.salt,
    ]),
  );

/** Runs the app as if it were `daysAhead` days later, the clock still ticking. */
function travel(daysAhead: number) {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() + daysAhead * DAY_MS);
}

describe(`listens on ${databaseKind}`, () => {
  it('counts a listen once five seconds are heard that day, keeping at most three plays of listening time', async () => {
    const author = await signUp(testApp.app);
    const fan = await signUp(testApp.app);
    const post = await publish(author, 10, { title: 'Ten' });

    const first = await listen(post.id, 0, fan);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ postId: post.id, counted: false });
    expect((await listen(post.id, 1, fan)).json().counted).toBe(false);
    expect((await listen(post.id, 4.5, fan)).json()).toEqual({ postId: post.id, counted: true });
    for (const seconds of [500, 500, 500])
      expect((await listen(post.id, seconds, fan)).json().counted).toBe(false);
    const rows = await testApp.context.db
      .selectFrom('post_listens')
      .select('seconds')
      .where('post_id', '=', post.id)
      .execute();
    expect(rows.map((row) => row.seconds)).toEqual([expect.closeTo(3 * post.duration, 5)]);

    const stats = await statsOf(author, author.user.id);
    expect(stats.listens).toBe(1);
    expect(stats.listeningSeconds).toBeCloseTo(3 * post.duration, 5);
    expect(stats.listensByDay).toHaveLength(30);
    expect(stats.listensByDay.at(-1)).toEqual({
      day: today(),
      listens: 1,
      listeningSeconds: stats.listeningSeconds,
    });
    expect(stats.listensByDay.slice(0, -1).every((day) => day.listens === 0)).toBe(true);
  });

  it('counts the listen once when reports at once cross five seconds together, and short listening not at all', async () => {
    const author = await signUp(testApp.app);
    const [eager, brief] = [await signUp(testApp.app), await signUp(testApp.app)];
    const post = await publish(author, 10, {});

    const answers = await Promise.all([2, 2, 2].map((seconds) => listen(post.id, seconds, eager)));
    expect(answers.map((answer) => answer.json().counted).sort()).toEqual([false, false, true]);
    expect((await listen(post.id, 4, brief)).json().counted).toBe(false);

    const stats = await statsOf(author, author.user.id);
    expect(stats.listens).toBe(1);
    expect(stats.listeningSeconds).toBeCloseTo(10, 5);
  });

  it('stores neither a listener’s address nor their user id, in the listens or in the rate limit', async () => {
    const author = await signUp(testApp.app);
    const fan = await signUp(testApp.app);
    const post = await publish(author, 1, {});
    const address = '203.0.113.99';
    expect((await listen(post.id, post.duration, { address, userAgent: 'Firefox' })).json().counted).toBe(
      true,
    );
    expect((await listen(post.id, post.duration, fan)).json().counted).toBe(true);

    const stored = JSON.stringify([
      await testApp.context.db
        .selectFrom('post_listens')
        .selectAll()
        .where('post_id', '=', post.id)
        .execute(),
      await testApp.context.db.selectFrom('rate_limits').selectAll().execute(),
    ]);
    expect(stored).toContain('listen:');
    for (const secret of [address, '203.0.113', fan.user.id]) expect(stored).not.toContain(secret);
  });

  it('keys visitors by address and browser, and never counts the owner’s own plays', async () => {
    const author = await signUp(testApp.app);
    const post = await publish(author, 1, {});
    const visitor = { address: '203.0.113.7', userAgent: 'Firefox' };

    expect((await listen(post.id, post.duration, visitor)).json().counted).toBe(true);
    expect((await listen(post.id, post.duration, visitor)).json().counted).toBe(false);
    // Another IPv4 address is another visitor; so is another browser at the same address.
    expect(
      (await listen(post.id, post.duration, { ...visitor, address: '203.0.113.8' })).json().counted,
    ).toBe(true);
    expect((await listen(post.id, post.duration, { ...visitor, userAgent: 'Safari' })).json().counted).toBe(
      true,
    );
    expect((await listen(post.id, post.duration, author)).json()).toEqual({
      postId: post.id,
      counted: false,
    });

    expect((await statsOf(author, author.user.id)).listens).toBe(3);
  });

  it('refuses listens of a private post, as if it did not exist', async () => {
    const author = await signUp(testApp.app);
    const fan = await signUp(testApp.app);
    const hidden = await publish(author, 1, { isPrivate: 'true' });
    for (const listener of [fan, { address: '198.51.100.1', userAgent: 'Firefox' }]) {
      const response = await listen(hidden.id, 1, listener);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'This post does not exist or is not shared with you.' });
    }
    expect((await statsOf(author, author.user.id)).listens).toBe(0);
  });

  it('refuses a negative time with a clear message', async () => {
    const author = await signUp(testApp.app);
    const post = await publish(author, 1, {});
    const response = await listen(post.id, -1, await signUp(testApp.app));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('seconds cannot be negative.');
  });
});

describe(`visitors’ daily salts on ${databaseKind}`, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts a visitor once a day, again the next day under a new random salt, and stores no address', async () => {
    const author = await signUp(testApp.app);
    const post = await publish(author, 1, {});
    const visitor = { address: '192.0.2.44', userAgent: 'Firefox' };

    expect((await listen(post.id, post.duration, visitor)).json().counted).toBe(true);
    expect((await listen(post.id, post.duration, visitor)).json().counted).toBe(false);
    travel(1);
    expect((await listen(post.id, post.duration, visitor)).json().counted).toBe(true);
    expect((await listen(post.id, post.duration, visitor)).json().counted).toBe(false);
    const tomorrow = today();
    vi.useRealTimers();

    const salts = await storedSalts();
    expect(salts.get(today())).toMatch(/^[0-9a-f]{64}$/);
    expect(salts.get(tomorrow)).toMatch(/^[0-9a-f]{64}$/);
    expect(salts.get(tomorrow)).not.toBe(salts.get(today()));
    const keys = await testApp.context.db
      .selectFrom('post_listens')
      .select(['listener_key', 'day'])
      .where('post_id', '=', post.id)
      .execute();
    expect(keys.map((row) => row.day).sort()).toEqual([today(), tomorrow]);
    expect(new Set(keys.map((row) => row.listener_key)).size).toBe(2);
    for (const { listener_key } of keys) expect(listener_key).toMatch(/^v:[0-9a-f]{64}$/);
    expect((await statsOf(author, author.user.id)).listens).toBe(2);
  });

  it('has the hourly maintenance forget the listeners of days before yesterday, keeping the counts', async () => {
    const now = Date.now();
    const [older, yesterday] = [dayOf(now - 2 * DAY_MS), dayOf(now - DAY_MS)];
    await testApp.context.db
      .insertInto('listener_salts')
      .values([older, yesterday].map((day) => ({ day, salt: `salt of ${day}` })))
      .onConflict((conflict) => conflict.column('day').doNothing())
      .execute();
    const author = await signUp(testApp.app);
    const post = await publish(author, 1, {});
    await listen(post.id, post.duration, { address: '192.0.2.45', userAgent: 'Firefox' });
    await testApp.context.db
      .insertInto('post_listens')
      .values({
        post_id: post.id,
        listener_key: 'v:an old listener',
        day: older,
        seconds: 1,
        counted: 1,
        created_at: new Date(now - 2 * DAY_MS).toISOString(),
      })
      .execute();
    const listenerDays = async () =>
      (
        await testApp.context.db
          .selectFrom('post_listens')
          .select('day')
          .where('post_id', '=', post.id)
          .execute()
      ).map((row) => row.day);
    expect((await listenerDays()).sort()).toEqual([older, today()].sort());

    const stop = startMaintenance(testApp.context, testApp.app.log);
    try {
      const left = await waitFor(
        async () => {
          const salts = await storedSalts();
          return salts.has(older) ? undefined : salts;
        },
        10_000,
        'the sweep of old salts',
      );
      expect(left.has(yesterday)).toBe(true);
      expect(left.has(today())).toBe(true);
      expect(await listenerDays()).toEqual([today()]);
      expect((await statsOf(author, author.user.id)).listens).toBe(1);
    } finally {
      stop();
    }
  });

  it.skipIf(databaseKind !== 'postgres')(
    'gives a visitor the same key on every instance of a deployment, even on their first plays of the day at once',
    async () => {
      const other = await createTestApp({}, { sameDatabaseAs: testApp });
      try {
        const author = await signUp(testApp.app);
        const post = await publish(author, 1, {});
        const visitor = { address: '192.0.2.46', userAgent: 'Firefox' };
        // A day neither instance has a salt for yet.
        travel(7);
        const answers = await Promise.all([
          listen(post.id, post.duration, visitor),
          listen(post.id, post.duration, visitor, other.app),
        ]);
        expect(answers.map((answer) => answer.json().counted).sort()).toEqual([false, true]);
        expect((await listen(post.id, post.duration, visitor, other.app)).json().counted).toBe(false);
        expect((await listen(post.id, post.duration, visitor)).json().counted).toBe(false);
        expect((await statsOf(author, author.user.id)).listens).toBe(1);
      } finally {
        vi.useRealTimers();
        await other.close();
      }
    },
  );
});

describe(`stats on ${databaseKind}`, () => {
  it('computes every figure of the stats page from a known set of posts, follows, a like and a listen', async () => {
    const author = await signUp(testApp.app);
    const fan = await signUp(testApp.app);
    const critic = await signUp(testApp.app);
    const idol = await signUp(testApp.app);
    const published: Post[] = [];
    for (const [seconds, category] of [
      [1, 'Music'],
      [1, 'Music'],
      [1, 'Stories'],
      [1, 'Music'],
      [2, 'Stories'],
      [3, 'Music'],
    ] as const) {
      published.push(await publish(author, seconds, { category }));
    }
    const secret = await publish(author, 4, { category: 'Secrets', isPrivate: 'true' });
    await publish(author, 2, { category: 'Diary' }, '/api/diary');
    // One post from last month.
    const lastMonth = new Date();
    lastMonth.setUTCDate(0);
    await testApp.context.db
      .updateTable('posts')
      .set({ created_at: lastMonth.toISOString() })
      .where('id', '=', published[0]!.id)
      .execute();
    for (const follower of [fan, critic]) {
      await send(follower, 'POST', '/api/follows', { followingId: author.user.id });
    }
    await send(author, 'POST', '/api/follows', { followingId: idol.user.id });
    await send(fan, 'POST', '/api/likes', { postId: published[1]!.id });
    await listen(published[2]!.id, published[2]!.duration, fan);

    const publicSeconds = published.reduce((sum, post) => sum + post.duration, 0);
    expect(publicSeconds).toBeCloseTo(9, 0);
    const others = await statsOf(fan, author.user.id);
    expect(others).toEqual({
      userId: author.user.id,
      totalEpisodes: 6,
      followers: 2,
      following: 1,
      totalDuration: expect.closeTo(publicSeconds, 5),
      averageDuration: expect.closeTo(publicSeconds / 6, 5),
      thisMonth: 5,
      categories: [
        { category: 'Music', count: 4 },
        { category: 'Stories', count: 2 },
      ],
      engagementRate: 300,
      contentConsistency: 1,
      listens: 1,
      listeningSeconds: expect.closeTo(published[2]!.duration, 5),
      mostListened: [
        {
          postId: published[2]!.id,
          title: published[2]!.title,
          listens: 1,
          listeningSeconds: expect.closeTo(published[2]!.duration, 5),
        },
      ],
      listensByDay: expect.any(Array),
    });

    // The owner's own stats count their private post too; never a draft.
    const own = await statsOf(author, author.user.id);
    expect(own).toMatchObject({
      totalEpisodes: 7,
      totalDuration: expect.closeTo(publicSeconds + secret.duration, 5),
      thisMonth: 6,
      categories: [
        { category: 'Music', count: 4 },
        { category: 'Stories', count: 2 },
        { category: 'Secrets', count: 1 },
      ],
      engagementRate: 350,
      contentConsistency: 1,
    });
  });

  it('gives zeros for a new person, and 404 for nobody', async () => {
    const viewer = await signUp(testApp.app);
    const newcomer = await signUp(testApp.app);
    expect(await statsOf(viewer, newcomer.user.id)).toMatchObject({
      totalEpisodes: 0,
      totalDuration: 0,
      averageDuration: 0,
      engagementRate: 0,
      contentConsistency: 0,
      listens: 0,
    });
    const missing = await send(viewer, 'GET', '/api/users/no-such-person/stats');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No user has this id.' });
  });
});
