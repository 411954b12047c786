import type { Post } from '@shared/contract/posts';
import type { Comment } from '@shared/contract/social';
import { mkdir, readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDirectory } from '../../src/server/storage/scratch';
import { multipartForm, streamedTone } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { storedAudioAssetIds } from './support/stored-objects';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { waitForIdleJobs } from './support/waits';
import { originalAudioUrl, publishWebm, sendForm, webmPart } from './support/uploads';

/**
 * Every kind of thing × who asks (its owner, another signed-in person, a visitor) × what they do, through the real
 * API. What one may not see answers exactly as what does not exist; a visitor is asked to sign in (401) wherever the
 * route is for members.
 */
let testApp: TestApp;
let owner: SignedIn;
let other: SignedIn;
let voice: Buffer;
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Who = 'owner' | 'other' | 'visitor';
type Expected = Record<Who, number>;
/** Visitors and others first: the owner's success (a delete, say) must not decide what the others are told. */
const ASKERS: Who[] = ['visitor', 'other', 'owner'];
const signedIn = (who: Who) => (who === 'owner' ? owner : who === 'other' ? other : undefined);

interface Fixture {
  post: Post;
  /** A comment on the post by `other`, or by the owner where others cannot see the post. */
  comment: Comment;
}
const fixtures = {} as Record<'public' | 'private' | 'draft', Fixture>;

function send(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const person = signedIn(who);
  return testApp.app.inject({
    method,
    url,
    headers: person ? { cookie: person.cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

let visitorAddresses = 0;

/** Each visitor's attempt comes from an address of its own, so that no row of the table meets the rate limit. */
function comment(who: Who, fields: Record<string, string>, audio = voice) {
  visitorAddresses += 1;
  return sendForm(
    testApp.app,
    signedIn(who)?.cookie ?? '',
    '/api/comments',
    multipartForm(fields, [webmPart(audio)]),
    `10.${Math.floor(visitorAddresses / 250)}.0.${(visitorAddresses % 250) + 1}`,
  );
}

async function publish(url: string, fields: Record<string, string>): Promise<Post> {
  return publishWebm(testApp.app, owner.cookie, voice, {
    url,
    fields,
    files: [{ field: 'photo', filename: 'cover.png', contentType: 'image/png', content: png }],
  });
}

async function commentAs(who: Who, post: Post): Promise<Comment> {
  const response = await comment(who, { postId: post.id });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Asks as each person in turn; `request` may build what it needs for each (something to delete, say). */
async function expectStatuses(
  label: string,
  expected: Expected,
  request: (who: Who) => Promise<{ statusCode: number; body: string }>,
) {
  const got = {} as Expected;
  for (const who of ASKERS) got[who] = (await request(who)).statusCode;
  expect(got, label).toEqual(expected);
}

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await signUp(testApp.app);
  other = await signUp(testApp.app);
  voice = await streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
  const publicPost = await publish('/api/posts', { title: 'for all' });
  const privatePost = await publish('/api/posts', { title: 'just me', isPrivate: 'true' });
  const draft = await publish('/api/diary', { title: 'dear diary' });
  fixtures.public = { post: publicPost, comment: await commentAs('other', publicPost) };
  fixtures.private = { post: privatePost, comment: await commentAs('owner', privatePost) };
  fixtures.draft = { post: draft, comment: await commentAs('owner', draft) };
});
afterAll(() => testApp?.close());

const VISIBLE_TO_ALL: Expected = { owner: 200, other: 200, visitor: 200 };
const OWNER_ONLY: Expected = { owner: 200, other: 404, visitor: 404 };

describe(`who may see what, on ${databaseKind}`, () => {
  const seeing: Array<['public' | 'private' | 'draft', Expected]> = [
    ['public', VISIBLE_TO_ALL],
    ['private', OWNER_ONLY],
    ['draft', OWNER_ONLY],
  ];

  it.each(seeing)('a %s post, its comments, reactions and media', async (kind, expected) => {
    const { post, comment: reply } = fixtures[kind];
    for (const url of [
      `/api/posts/${post.id}`,
      `/api/posts/${post.id}/peaks`,
      `/api/posts/${post.id}/comments`,
      `/api/likes/post/${post.id}`,
      `/api/dislikes/post/${post.id}`,
      `/api/reposts/${post.id}`,
      originalAudioUrl(post),
      post.imageUrl!,
      reply.audioUrl,
    ]) {
      await expectStatuses(`GET ${url}`, expected, (who) => send(who, 'GET', url));
    }
  });

  it('lists a private post or draft for its owner alone', async () => {
    const hidden = [fixtures.private.post.id, fixtures.draft.post.id];
    const listed = async (who: Who, url: string) => {
      const response = await send(who, 'GET', url);
      expect(response.statusCode, `${who} GET ${url}`).toBe(200);
      return (response.json() as Post[]).map((post) => post.id);
    };
    for (const url of ['/api/posts', `/api/posts/user/${owner.user.id}`]) {
      expect(await listed('owner', url)).toEqual(expect.arrayContaining(hidden));
      const seenByOther = await listed('other', url);
      expect(seenByOther).toContain(fixtures.public.post.id);
      for (const id of hidden) expect(seenByOther).not.toContain(id);
    }
    for (const id of hidden) expect(await listed('other', '/api/feed')).not.toContain(id);
    expect(await listed('owner', '/api/diary')).toEqual([fixtures.draft.post.id]);
    expect(await listed('other', '/api/diary')).toEqual([]);
    for (const url of ['/api/posts', `/api/posts/user/${owner.user.id}`, '/api/feed', '/api/diary']) {
      expect((await send('visitor', 'GET', url)).statusCode, url).toBe(401);
    }
  });
});

describe(`who may change, react to, comment on and delete what, on ${databaseKind}`, () => {
  it('changes a post’s chapters: its owner; others are told it is not theirs, or not there', async () => {
    const change = (kind: keyof typeof fixtures) => (who: Who) =>
      send(who, 'PUT', `/api/posts/${fixtures[kind].post.id}/chapters`, { chapters: [] });
    await expectStatuses('public', { owner: 200, other: 403, visitor: 401 }, change('public'));
    await expectStatuses('private', { owner: 200, other: 404, visitor: 401 }, change('private'));
    await expectStatuses('draft', { owner: 200, other: 404, visitor: 401 }, change('draft'));
  });

  it('reacts to a post: anyone signed in who can see it', async () => {
    for (const [kind, expected] of [
      ['public', { owner: 200, other: 200, visitor: 401 }],
      ['private', { owner: 200, other: 404, visitor: 401 }],
      ['draft', { owner: 200, other: 404, visitor: 401 }],
    ] as const) {
      for (const url of ['/api/likes', '/api/dislikes', '/api/reposts']) {
        await expectStatuses(`${kind} ${url}`, expected, (who) =>
          send(who, 'POST', url, { postId: fixtures[kind].post.id }),
        );
      }
    }
  });

  it('comments on a post: members who can see it, visitors where the owner allowed them', async () => {
    const open = await publish('/api/posts', { title: 'open', allowVisitorComments: 'true' });
    const on = (post: Post) => (who: Who) => comment(who, { postId: post.id, visitorName: 'Val' });
    await expectStatuses('open', { owner: 201, other: 201, visitor: 201 }, (who) =>
      comment(who, { postId: open.id, visitorName: 'Val', visitorEmail: 'val@example.com' }),
    );
    // The visitor's email is for the post's owner alone.
    for (const who of ASKERS) {
      const thread = (await send(who, 'GET', `/api/posts/${open.id}/comments`)).json() as Comment[];
      const emails = thread.flatMap((reply) => (reply.visitorEmail ? [reply.visitorEmail] : []));
      expect(emails, who).toEqual(who === 'owner' ? ['val@example.com'] : []);
    }
    await expectStatuses('public', { owner: 201, other: 201, visitor: 403 }, on(fixtures.public.post));
    await expectStatuses('private', { owner: 201, other: 404, visitor: 404 }, on(fixtures.private.post));
    await expectStatuses('draft', { owner: 201, other: 404, visitor: 404 }, on(fixtures.draft.post));
  });

  it('deletes a comment: its author or the post’s owner', async () => {
    const post = fixtures.public.post;
    // `other` wrote these; "owner" is the post's owner.
    await expectStatuses('on a public post', { owner: 200, other: 200, visitor: 401 }, async (who) =>
      send(who, 'DELETE', `/api/comments/${(await commentAs('other', post)).id}`),
    );
    const stranger = await signUp(testApp.app);
    const theirs = await commentAs('other', post);
    const refused = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/comments/${theirs.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(refused.statusCode).toBe(403);
    for (const kind of ['private', 'draft'] as const) {
      const reply = await commentAs('owner', fixtures[kind].post);
      await expectStatuses(kind, { owner: 200, other: 404, visitor: 401 }, (who) =>
        send(who, 'DELETE', `/api/comments/${reply.id}`),
      );
    }
  });

  it('deletes a post or draft: its owner', async () => {
    const doomed = {
      public: await publish('/api/posts', { title: 'soon gone' }),
      private: await publish('/api/posts', { title: 'soon gone', isPrivate: 'true' }),
      draft: await publish('/api/diary', { title: 'soon gone' }),
    };
    await expectStatuses('public', { owner: 200, other: 403, visitor: 401 }, (who) =>
      send(who, 'DELETE', `/api/posts/${doomed.public.id}`),
    );
    await expectStatuses('private', { owner: 200, other: 404, visitor: 401 }, (who) =>
      send(who, 'DELETE', `/api/posts/${doomed.private.id}`),
    );
    await expectStatuses('draft', { owner: 200, other: 404, visitor: 401 }, (who) =>
      send(who, 'DELETE', `/api/diary/${doomed.draft.id}`),
    );
    for (const post of Object.values(doomed)) {
      await expectStatuses(post.title, { owner: 404, other: 404, visitor: 404 }, (who) =>
        send(who, 'GET', originalAudioUrl(post)),
      );
    }
  });

  it('keeps nothing of a big comment refused to a visitor or to someone who cannot see the post', async () => {
    const uploads = scratchDirectory(testApp.config.dataDir, 'uploads');
    await mkdir(uploads, { recursive: true });
    // Renditions of the posts the tests above deleted may still be in flight; they clean up after themselves.
    await waitForIdleJobs(testApp.context.db);
    const before = await storedAudioAssetIds(testApp.context.blobs);
    const big = Buffer.alloc(15 * 1024 * 1024);
    voice.copy(big);
    const refusals: Array<[Who, Post, number]> = [
      ['visitor', fixtures.public.post, 403],
      ['other', fixtures.private.post, 404],
      ['visitor', fixtures.draft.post, 404],
    ];
    for (const [who, post, status] of refusals) {
      const response = await comment(who, { postId: post.id, visitorName: 'Val' }, big);
      expect(response.statusCode, `${who} on ${post.title}`).toBe(status);
      expect(await readdir(uploads)).toEqual([]);
    }
    expect(await storedAudioAssetIds(testApp.context.blobs)).toEqual(before);
  });
});
