import type { Post } from '@shared/contract/posts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamedTone } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { publishWebm } from './support/uploads';

let testApp: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let audio: Buffer;
let episode: Post;
let privateEpisode: Post;
let travelPost: Post;
let privateTravelPost: Post;
let diary: Post;

beforeAll(async () => {
  testApp = await createTestApp();
  alice = await signUp(testApp.app, { firstName: 'Alice', lastName: 'Author' });
  bob = await signUp(testApp.app, { firstName: 'Bob', lastName: 'Other' });
  audio = await streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
  const publish = (fields: Record<string, string>, url?: string) =>
    publishWebm(testApp.app, alice.cookie, audio, { fields, url });
  episode = await publish({ title: 'Weekly pod', type: 'episode', category: 'Tech' });
  privateEpisode = await publish({
    title: 'Secret pod',
    type: 'episode',
    category: 'Tech',
    isPrivate: 'true',
  });
  travelPost = await publish({ title: 'Lisbon', type: 'post', category: 'Travel' });
  privateTravelPost = await publish({ title: 'Hidden trip', category: 'Travel', isPrivate: 'true' });
  diary = await publish({ title: 'Dear diary' }, '/api/diary');
});
afterAll(async () => {
  await testApp?.close();
});

async function idsOf(query: string, who: SignedIn) {
  const response = await testApp.app.inject({
    url: `/api/posts/user/${alice.user.id}?${query}`,
    headers: { cookie: who.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Post[]).map((post) => post.id);
}

describe(`a person's posts by type and category on ${databaseKind}`, () => {
  it('lists only episodes with type=episode, the owner seeing their private ones too', async () => {
    expect(await idsOf('type=episode', alice)).toEqual([privateEpisode.id, episode.id]);
    expect(await idsOf('type=episode', bob)).toEqual([episode.id]);
  });

  it('lists only one category, newest first, and never shows others a private post through it', async () => {
    expect(await idsOf('category=Travel', alice)).toEqual([privateTravelPost.id, travelPost.id]);
    expect(await idsOf('category=Travel', bob)).toEqual([travelPost.id]);
    expect(await idsOf('category=Tech&type=post', alice)).toEqual([]);
    expect(await idsOf('category=Nowhere', alice)).toEqual([]);
  });

  it('keeps diary entries, always drafts, to their owner through either filter', async () => {
    expect(await idsOf('type=diary', alice)).toEqual([diary.id]);
    expect(await idsOf(`category=${encodeURIComponent(diary.category)}`, alice)).toContain(diary.id);
    expect(await idsOf('type=diary', bob)).toEqual([]);
    expect(await idsOf(`category=${encodeURIComponent(diary.category)}`, bob)).not.toContain(diary.id);
  });

  it('pages a filtered list with its cursor, keeping the filter', async () => {
    const first = await testApp.app.inject({
      url: `/api/posts/user/${alice.user.id}?type=episode&limit=1`,
      headers: { cookie: alice.cookie },
    });
    expect((first.json() as Post[]).map((post) => post.id)).toEqual([privateEpisode.id]);
    const next = /<([^>]*)>;\s*rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toContain('type=episode');
    const second = await testApp.app.inject({ url: next!, headers: { cookie: alice.cookie } });
    expect((second.json() as Post[]).map((post) => post.id)).toEqual([episode.id]);
  });

  it('refuses an unknown type or an empty category with a message', async () => {
    for (const query of ['type=story', 'category=']) {
      const response = await testApp.app.inject({
        url: `/api/posts/user/${alice.user.id}?${query}`,
        headers: { cookie: bob.cookie },
      });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
