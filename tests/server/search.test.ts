import type { Kysely } from 'kysely';
import type { Post } from '@shared/contract/posts';
import { SEARCH_TOO_SHORT_MESSAGE, type SearchMatch } from '@shared/contract/search';
import type { PublicUser } from '@shared/contract/users';
import { computeWordTimings } from '@shared/domain/transcript-timing';
import * as searchMigration from '../../src/server/db/migrations/20261124T1820-search-visibility';
import { searchPosts } from '../../src/server/db/queries/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, streamedTone } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { publishWebm } from './support/uploads';

let testApp: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let titleMatch: Post;
let descriptionMatch: Post;
let cafe: Post;
let alicePrivate: Post;
let aliceDiary: Post;
let botPost: Post;
let botUser: PublicUser;
let audio: Buffer;

beforeAll(async () => {
  testApp = await createTestApp();
  alice = await signUp(testApp.app, { firstName: 'Alice', lastName: 'Zanzibar' });
  bob = await signUp(testApp.app, { firstName: 'Bob', lastName: 'Other' });
  const tester = await signUp(testApp.app, { firstName: 'Testbot', lastName: 'Zanzibar' });
  audio = await streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
  const publish = (who: SignedIn, fields: Record<string, string>, url?: string) =>
    publishWebm(testApp.app, who.cookie, audio, { fields, url });
  titleMatch = await publish(bob, { title: 'Travel diaries of Quokka', category: 'Stories' });
  descriptionMatch = await publish(bob, {
    title: 'Morning walk',
    category: 'Stories',
    transcription: 'I love to travel with a quokka on my back',
  });
  cafe = await publish(bob, { title: 'Le Café de Flore', category: 'Food' });
  alicePrivate = await publish(alice, { title: 'Secret quokka trip', isPrivate: 'true' });
  aliceDiary = await publish(alice, { title: 'Quokka diary' }, '/api/diary');
  botPost = await publish(tester, { title: 'Quokka by a bot' });
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

const search = (kind: 'posts' | 'users', query: string, who?: SignedIn, pageQuery = '') =>
  testApp.app.inject({
    url: `/api/search/${kind}/${encodeURIComponent(query)}${pageQuery}`,
    headers: who ? { cookie: who.cookie } : {},
  });

async function postIds(query: string, who?: SignedIn) {
  const response = await search('posts', query, who);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Post[]).map((post) => post.id);
}

async function userIds(query: string) {
  const response = await search('users', query, bob);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as PublicUser[]).map((user) => user.id);
}

describe(`search on ${databaseKind}`, () => {
  it('ranks a title match above a description-only match', async () => {
    expect(await postIds('quokka travel', bob)).toEqual([titleMatch.id, descriptionMatch.id]);
  });

  it('says where each found post matched, with the matched words marked', async () => {
    const response = await search('posts', 'QUOKKA trav', bob);
    expect(response.statusCode, response.body).toBe(200);
    const found = response.json() as Array<Post & { match?: SearchMatch }>;
    expect(found.map((post) => post.match)).toEqual([
      {
        field: 'title',
        excerpt: 'Travel diaries of Quokka',
        highlights: [
          [0, 6],
          [18, 24],
        ],
      },
      {
        field: 'transcription',
        excerpt: 'I love to travel with a quokka on my back',
        highlights: [
          [10, 16],
          [24, 30],
        ],
        // Where "travel", its first matched word, is said: estimated, as this suite aligns nothing.
        at:
          Math.round(computeWordTimings(found[1]!.transcription, found[1]!.duration)[3]!.start * 1000) / 1000,
      },
    ]);
  });

  it('matches the last word as a prefix, folding case and accents', async () => {
    expect(await postIds('trav', bob)).toEqual([titleMatch.id, descriptionMatch.id]);
    expect(await postIds('CAFE', bob)).toEqual([cafe.id]);
    expect(await postIds('café flo', bob)).toEqual([cafe.id]);
    expect(await postIds('cafés', bob)).toEqual([]);
  });

  it("shows private posts, drafts and diary entries to their owner alone, and never a bot's", async () => {
    const forBob = await postIds('quokka', bob);
    expect(forBob).not.toContain(alicePrivate.id);
    expect(forBob).not.toContain(aliceDiary.id);
    expect(forBob).not.toContain(botPost.id);
    expect(await postIds('quokka')).toEqual(forBob);
    const forAlice = await postIds('quokka', alice);
    expect(forAlice).toEqual(expect.arrayContaining([alicePrivate.id, aliceDiary.id]));
    expect(forAlice).not.toContain(botPost.id);
  });

  it('finds people by name, username and bio prefix, leaving out bot and test accounts', async () => {
    expect(await userIds('zanzi')).toEqual([alice.user.id]);
    expect(await userIds(alice.user.username)).toEqual([alice.user.id]);
    expect(await userIds(botUser.lastName!)).toEqual([]);
  });

  it('keeps the index in step with profile edits and deleted posts', async () => {
    const about = await testApp.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie: bob.cookie },
      payload: { bio: 'Ornithologist at heart' },
    });
    expect(about.statusCode, about.body).toBe(200);
    expect(await userIds('ornitho')).toEqual([bob.user.id]);
    await testApp.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie: bob.cookie },
      payload: { bio: null },
    });
    expect(await userIds('ornitho')).toEqual([]);

    const doomed = await publishWebm(testApp.app, bob.cookie, audio, {
      fields: { title: 'Ephemeral wombat' },
    });
    expect(await postIds('wombat', bob)).toEqual([doomed.id]);
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/posts/${doomed.id}`,
      headers: { cookie: bob.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await postIds('wombat', bob)).toEqual([]);
  });

  it("ranks the newest matches its viewer may see: others' private posts never take their places", async () => {
    const seen = await publishWebm(testApp.app, bob.cookie, audio, { fields: { title: 'Numbat at dawn' } });
    for (const night of ['first', 'second', 'third']) {
      await publishWebm(testApp.app, alice.cookie, audio, {
        fields: { title: `Numbat secret, ${night} night`, isPrivate: 'true' },
      });
    }
    const db = testApp.context.db;
    // Two candidates, where a search ranks 1,000: Alice's three private posts are the newest matches.
    const found = async (viewer?: SignedIn) =>
      (await searchPosts(db, viewer?.user.id, ['numbat'], { limit: 10 }, 2)).items.map((post) => post.id);
    expect(await found()).toEqual([seen.id]);
    expect(await found(bob)).toEqual([seen.id]);
    expect(await found(alice)).toHaveLength(2);
    expect(await found(alice)).not.toContain(seen.id);

    const setPrivate = (isPrivate: number) =>
      db.updateTable('posts').set({ is_private: isPrivate }).where('id', '=', seen.id).execute();
    await setPrivate(1);
    expect(await found()).toEqual([]);
    expect(await found(bob)).toEqual([seen.id]);
    await setPrivate(0);
    expect(await found()).toEqual([seen.id]);
  });

  it('treats a draft published today as new, whenever it was first saved', async () => {
    const draft = await publishWebm(testApp.app, alice.cookie, audio, {
      fields: { title: 'Wombat notes' },
      url: '/api/diary',
    });
    for (const day of ['Monday', 'Tuesday']) {
      await publishWebm(testApp.app, bob.cookie, audio, { fields: { title: `Wombat news, ${day}` } });
    }
    const form = multipartForm({ draftId: draft.id, isDiary: 'false', isPrivate: 'false' }, []);
    const published = await testApp.app.inject({
      method: 'PUT',
      url: '/api/diary',
      headers: { ...form.headers, cookie: alice.cookie },
      payload: form.payload,
    });
    expect(published.statusCode, published.body).toBe(200);
    // One candidate, where a search ranks 1,000: the newest match, which the published draft now is.
    const found = await searchPosts(testApp.context.db, bob.user.id, ['wombat'], { limit: 10 }, 1);
    expect(found.items.map((post) => post.id)).toEqual([draft.id]);
    expect(await postIds('wombat')).toHaveLength(3);
    expect(await postIds('wombat notes')).toEqual([draft.id]);
  });

  it('refuses a query of 2 characters or fewer', async () => {
    for (const query of ['ab', '  ab  ']) {
      const response = await search('posts', query, bob);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: SEARCH_TOO_SHORT_MESSAGE });
    }
    expect((await search('users', 'xy', bob)).statusCode).toBe(400);
  });

  it('answers hostile queries with 200', async () => {
    const hostile = [
      '"quokka',
      'quokka AND OR NOT',
      '***',
      "' OR 1=1 --",
      '-quokka NEAR(a b)',
      'col:quokka ^x',
      '😀🔥 quokka 🦘',
      '\u202e\u0000zalgo\u0301\u0301',
      'q'.repeat(500),
      'word '.repeat(100),
    ];
    for (const query of hostile) {
      for (const kind of ['posts', 'users'] as const) {
        const response = await search(kind, query, bob);
        expect(response.statusCode, `${kind} ${query}: ${response.body}`).toBe(200);
      }
    }
    expect(await postIds('"quokka" -travel*', bob)).toEqual([titleMatch.id, descriptionMatch.id]);
  });

  it('pages through results with a bounded cursor', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await search(
        'posts',
        'quokka travel',
        bob,
        `?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toHaveLength(1);
      seen.push(...(page.json() as Post[]).map((post) => post.id));
      cursor = page.headers['x-next-cursor'] as string | undefined;
    } while (cursor);
    expect(seen).toEqual([titleMatch.id, descriptionMatch.id]);
    expect((await search('posts', 'quokka', bob, '?cursor=nonsense')).statusCode).toBe(400);
  });

  it('builds the index for the posts and people there were before it', async () => {
    // Migrations take any database (Kysely<unknown>); the app's is typed with its tables.
    const db = testApp.context.db as unknown as Kysely<unknown>;
    await searchMigration.down(db);
    await searchMigration.up(db);
    expect(await postIds('quokka travel', bob)).toEqual([titleMatch.id, descriptionMatch.id]);
    expect(await userIds('zanzi')).toEqual([alice.user.id]);
  });
});
