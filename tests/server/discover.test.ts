import type { Post } from '@shared/contract/posts';
import type { PublicUser } from '@shared/contract/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recomputeLastActive } from '../../src/server/db/queries/active-users';
import { addToTrending, recomputeTrendingScores } from '../../src/server/db/queries/trending';
import { multipartForm, streamedTone } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { publishWebm, sendForm, webmPart } from './support/uploads';

let testApp: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
let dave: SignedIn;
let tester: SignedIn;
let botUser: PublicUser;
let audio: Buffer;
/** Bob's posts, oldest first: with nothing else going on, trending is newest first. */
let first: Post;
let second: Post;
let third: Post;
let hidden: Post[];

const DAY_MS = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

beforeAll(async () => {
  testApp = await createTestApp();
  alice = await signUp(testApp.app, { firstName: 'Alice' });
  bob = await signUp(testApp.app, { firstName: 'Bob' });
  carol = await signUp(testApp.app, { firstName: 'Carol' });
  dave = await signUp(testApp.app, { firstName: 'Dave' });
  tester = await signUp(testApp.app, { firstName: 'Testbot' });
  audio = await streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
  const publish = (who: SignedIn, fields: Record<string, string>, url?: string) =>
    publishWebm(testApp.app, who.cookie, audio, { fields, url });
  first = await publish(bob, { title: 'First' });
  second = await publish(bob, { title: 'Second' });
  third = await publish(bob, { title: 'Third' });
  hidden = [
    await publish(alice, { title: 'Private', isPrivate: 'true' }),
    await publish(alice, { title: 'Diary' }, '/api/diary'),
    await publish(tester, { title: 'By a test account' }),
  ];
  const fake = await testApp.app.inject({
    method: 'POST',
    url: '/api/create-fake-user',
    headers: { cookie: bob.cookie },
  });
  botUser = fake.json();
});
afterAll(async () => {
  await testApp?.close();
});

function get(url: string, who?: SignedIn) {
  return testApp.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
}

async function trending(who?: SignedIn, query = ''): Promise<string[]> {
  const response = await get(`/api/discover/trending${query}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Post[]).map((post) => post.id);
}

/** Active Users as a signed-in person sees them (the test account asking is left out as a test account anyway). */
async function activeUsers(who: SignedIn = tester, query = ''): Promise<string[]> {
  const response = await get(`/api/discover/active-users${query}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as PublicUser[]).map((user) => user.id);
}

const send = (who: SignedIn, url: string, postId: string) =>
  testApp.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload: { postId } });

async function like(who: SignedIn, post: Post) {
  expect((await send(who, '/api/likes', post.id)).statusCode).toBe(200);
}

async function comment(who: SignedIn, post: Post): Promise<string> {
  const response = await sendForm(
    testApp.app,
    who.cookie,
    '/api/comments',
    multipartForm({ postId: post.id }, [webmPart(audio)]),
  );
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

const scores = async () =>
  new Map(
    (await testApp.context.db.selectFrom('posts').select(['id', 'trending_score']).execute()).map((row) => [
      row.id,
      row.trending_score,
    ]),
  );

describe(`trending posts on ${databaseKind}`, () => {
  it('starts newest first, to visitors and members alike, and never shows private, diary or test posts', async () => {
    expect(await trending()).toEqual([third.id, second.id, first.id]);
    expect(await trending(alice)).toEqual([third.id, second.id, first.id]);
  });

  it('lifts a post by its likes, reposts and comments, and not by its owner’s own', async () => {
    await like(bob, first);
    await send(bob, '/api/reposts', first.id);
    await comment(bob, first);
    expect(await trending()).toEqual([third.id, second.id, first.id]);

    await like(alice, first);
    expect(await trending()).toEqual([first.id, third.id, second.id]);
    await comment(carol, second);
    expect(await trending()).toEqual([second.id, first.id, third.id]);
    await send(dave, '/api/reposts', third.id);
    await like(dave, third);
    expect((await trending()).at(0)).toEqual(third.id);
  });

  it('takes back what is taken back: liking and unliking again and again lifts nothing', async () => {
    const before = await trending();
    const scoresBefore = await scores();
    const expectScoresAsBefore = async () => {
      for (const [id, score] of await scores()) expect(score, id).toBeCloseTo(scoresBefore.get(id)!, 9);
    };
    for (let round = 0; round < 3; round += 1) {
      await like(carol, first);
      await like(carol, first);
    }
    // A like then a dislike is no like either.
    await like(carol, first);
    expect((await send(carol, '/api/dislikes', first.id)).statusCode).toBe(200);
    expect(await trending()).toEqual(before);
    await expectScoresAsBefore();

    const id = await comment(alice, third);
    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/comments/${id}`,
      headers: { cookie: alice.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await trending()).toEqual(before);
    await expectScoresAsBefore();
  });

  it('still counts engagement with a post years old (no overflow on either database)', async () => {
    const old = await publishWebm(testApp.app, dave.cookie, audio, { fields: { title: 'Old' } });
    const yearsAgo = ago(4 * 365 * DAY_MS);
    await testApp.context.db
      .updateTable('posts')
      .set({ created_at: yearsAgo })
      .where('id', '=', old.id)
      .execute();
    await recomputeTrendingScores(testApp.context.db);
    const before = (await scores()).get(old.id)!;
    await like(carol, old);
    expect((await scores()).get(old.id)!).toBeGreaterThan(before);
    expect((await send(carol, '/api/likes', old.id)).statusCode).toBe(200);
    expect((await scores()).get(old.id)!).toBeCloseTo(before, 9);
    await testApp.app.inject({
      method: 'DELETE',
      url: `/api/posts/${old.id}`,
      headers: { cookie: dave.cookie },
    });
  });

  it('gives the same scores when computed afresh from the rows (as the migration does)', async () => {
    const kept = await scores();
    await recomputeTrendingScores(testApp.context.db);
    const fresh = await scores();
    for (const [id, score] of kept) expect(fresh.get(id), id).toBeCloseTo(score, 6);
  });

  it('lets engagement fade: many likes days ago weigh less than one today, more than none', async () => {
    const faded = await publishWebm(testApp.app, dave.cookie, audio, { fields: { title: 'Faded' } });
    const latest = await publishWebm(testApp.app, dave.cookie, audio, { fields: { title: 'Latest' } });
    const order = async () => (await trending()).filter((id) => id === faded.id || id === latest.id);
    expect(await order()).toEqual([latest.id, faded.id]);
    // Twenty likes six days ago, added as they were then (the score depends on when, never on when it is read).
    for (let count = 0; count < 20; count += 1) {
      await addToTrending(testApp.context.db, faded.id, 'like', ago(6 * DAY_MS));
    }
    expect(await order()).toEqual([faded.id, latest.id]);
    await like(carol, latest);
    expect(await order()).toEqual([latest.id, faded.id]);
    for (const post of hidden) expect(await trending()).not.toContain(post.id);
  });

  it('pages through every post once, and refuses a cursor it did not make', async () => {
    const all = await trending(undefined, '?limit=50');
    const paged: string[] = [];
    let url = '/api/discover/trending?limit=2';
    for (let page = 0; page < 10; page += 1) {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(200);
      paged.push(...(response.json() as Post[]).map((post) => post.id));
      const next = response.headers['x-next-cursor'];
      if (!next) break;
      url = `/api/discover/trending?limit=2&cursor=${String(next)}`;
    }
    expect(paged).toEqual(all);
    expect(all).toHaveLength(5);

    const bad = await get('/api/discover/trending?cursor=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('message');
  });
});

describe(`active users on ${databaseKind}`, () => {
  const setLastActive = (id: string, at: string) =>
    testApp.context.db.updateTable('users').set({ last_active_at: at }).where('id', '=', id).execute();

  it('lists real people, most recently active first, never the asker, bots or test accounts', async () => {
    const people = [alice, bob, carol, dave];
    for (const [index, person] of people.entries())
      await setLastActive(person.user.id, ago((10 - index) * 60_000));
    await setLastActive(tester.user.id, ago(0));
    await setLastActive(botUser.id, ago(0));

    expect(await activeUsers()).toEqual([dave, carol, bob, alice].map((person) => person.user.id));
    expect(await activeUsers(carol)).toEqual([dave, bob, alice].map((person) => person.user.id));
    expect(await activeUsers(tester, '?limit=2')).toEqual([dave.user.id, carol.user.id]);
    expect((await get('/api/discover/active-users')).statusCode).toBe(401);
  });

  it('moves a person to the front when they do something', async () => {
    await like(alice, second);
    expect((await activeUsers()).at(0)).toBe(alice.user.id);
    await testApp.app.inject({
      method: 'POST',
      url: '/api/follows',
      headers: { cookie: bob.cookie },
      payload: { followingId: carol.user.id },
    });
    expect((await activeUsers()).slice(0, 2)).toEqual([bob.user.id, alice.user.id]);
  });

  it('moves nobody for what stays private: a private post, a diary entry, listening, signing in', async () => {
    const eve = await signUp(testApp.app, { firstName: 'Eve' });
    await setLastActive(eve.user.id, ago(DAY_MS));
    const front = await activeUsers();
    await publishWebm(testApp.app, eve.cookie, audio, { fields: { title: 'Mine', isPrivate: 'true' } });
    await publishWebm(testApp.app, eve.cookie, audio, { fields: { title: 'Dear diary' }, url: '/api/diary' });
    await testApp.app.inject({
      method: 'POST',
      url: `/api/posts/${first.id}/listens`,
      headers: { cookie: eve.cookie },
      payload: { seconds: 1 },
    });
    await signUp(testApp.app, { firstName: 'Frank' });
    expect(await activeUsers()).toEqual(front);
    expect(front.at(0)).not.toBe(eve.user.id);
  });

  it('shows five unless asked for up to twenty, and recomputes from public rows', async () => {
    const frank = await signUp(testApp.app, { firstName: 'Frank' });
    await publishWebm(testApp.app, frank.cookie, audio, { fields: { title: 'Hello' } });
    expect(await activeUsers()).toEqual([frank, bob, alice, dave, carol].map((person) => person.user.id));
    expect((await activeUsers(tester, '?limit=20')).length).toBeGreaterThan(5);
    // As the migration computes it from the rows: Frank's post, then Bob's follow, then Alice's like.
    await recomputeLastActive(testApp.context.db);
    expect((await activeUsers()).slice(0, 3)).toEqual([frank, bob, alice].map((person) => person.user.id));
    for (const limit of ['0', '21', 'many']) {
      const response = await get(`/api/discover/active-users?limit=${limit}`, tester);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('message');
    }
  });
});
