import type { Oembed } from '@shared/contract/oembed';
import type { Post } from '@shared/contract/posts';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamedTone } from '../support/audio';
import { callAs, signUp, uniqueEmail, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, restartWithAdminEmails, type TestApp } from './support/test-app';
import { publishWebm } from './support/uploads';

// Issue 27, the embeddable player: a public post's player any site may frame, and oEmbed for it. Nothing that is not
// for everyone (private, draft, hidden, removed, a suspended or deleted author's) shows, nor whether it exists.
const ORIGIN = 'https://earshot.example';
const MODERATOR_EMAIL = uniqueEmail('moderator');
const TRANSCRIPT = 'Morning light over the harbour, and the boats going out';
const UNAVAILABLE = 'This post is not available';

let testApp: TestApp;
let clientDir: string;
let moderator: SignedIn;
let voice: Buffer;

beforeAll(async () => {
  // The built client's pages, as the server finds them in dist/client: the app's, and the embed's template.
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-client-'));
  for (const page of ['index.html', 'embed.html'])
    await copyFile(path.resolve('src/client', page), path.join(clientDir, page));
  await writeFile(path.join(clientDir, 'robots.txt'), 'User-agent: *\n');
  testApp = await createTestApp({ ADMIN_EMAILS: MODERATOR_EMAIL, PUBLIC_URL: ORIGIN }, { clientDir });
  voice = await streamedTone({ seconds: 1, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
  moderator = await signUp(testApp.app, { email: MODERATOR_EMAIL, firstName: 'Mo' });
  await restartWithAdminEmails(testApp, MODERATOR_EMAIL);
});
afterAll(async () => {
  await testApp?.close();
  await rm(clientDir, { recursive: true, force: true });
});

const visit = (url: string, who?: SignedIn) => callAs(testApp.app, who, 'GET', url);

async function moderate(action: string, targetKind: string, targetId: string) {
  const response = await callAs(testApp.app, moderator, 'POST', '/api/moderation/actions', {
    action,
    targetKind,
    targetId,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function publish(title: string, fields: Record<string, string> = {}, url?: string) {
  const author = await signUp(testApp.app, { firstName: 'Ada', lastName: 'Byrne' });
  const post = await publishWebm(testApp.app, author.cookie, voice, {
    ...(url && { url }),
    fields: { title, transcription: TRANSCRIPT, ...fields },
  });
  return { author, post };
}

/** A post of each state that is not for everyone, as its owner made it and a moderator or the owner left it. */
const NOT_PUBLIC: Record<string, (title: string) => Promise<Post>> = {
  private: async (title) => (await publish(title, { isPrivate: 'true' })).post,
  draft: async (title) => (await publish(title, {}, '/api/diary')).post,
  hidden: async (title) => {
    const { post } = await publish(title);
    await moderate('hide', 'post', post.id);
    return post;
  },
  removed: async (title) => {
    const { post } = await publish(title);
    await moderate('remove', 'post', post.id);
    return post;
  },
  'by a suspended author': async (title) => {
    const { author, post } = await publish(title);
    await moderate('suspend', 'user', author.user.id);
    return post;
  },
  'by a deleted account': async (title) => {
    const { author, post } = await publish(title);
    const deleted = await callAs(testApp.app, author, 'DELETE', '/api/me', { password: author.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    return post;
  },
  deleted: async (title) => {
    const { author, post } = await publish(title);
    const deleted = await callAs(testApp.app, author, 'DELETE', `/api/posts/${post.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    return post;
  },
};

function expectFramableByAnySite(response: { headers: Record<string, unknown> }) {
  expect(response.headers['content-security-policy']).toMatch(/frame-ancestors \*;/);
  expect(response.headers['x-frame-options']).toBeUndefined();
  expect(response.headers['set-cookie']).toBeUndefined();
}

describe(`the embeddable player on ${databaseKind}`, () => {
  it('shows a public post’s title, author, transcript and audio, links to the post, and may be framed', async () => {
    const { post } = await publish('Harbour <morning> & "boats"');
    const response = await visit(`/embed/posts/${post.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expectFramableByAnySite(response);
    const html = response.body;
    expect(html).toContain('Harbour &#60;morning&#62; &#38; &#34;boats&#34;');
    expect(html).not.toContain('<morning>');
    expect(html).toContain('Ada Byrne');
    expect(html).toContain(TRANSCRIPT);
    expect(html).toContain(`aria-label="Play Harbour`);
    expect(html).toContain(`href="${ORIGIN}/posts/${post.id}" target="_blank" rel="noopener"`);
    for (const source of post.audioSources) expect(html).toContain(`<source src="${source.url}"`);
    expect(html).toContain(`data-duration="${post.duration}"`);
    // Its audio plays for a visitor whose browser sends no cookie (a third-party frame).
    const audio = await visit(post.audioSources[0]!.url);
    expect(audio.statusCode).toBe(200);
  });

  it('is the same for a signed-in person as for a visitor: it never shows what only they may see', async () => {
    const { author, post } = await publish('Only mine', { isPrivate: 'true' });
    const response = await visit(`/embed/posts/${post.id}`, author);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain(UNAVAILABLE);
    expect(response.body).not.toContain('Only mine');
  });

  for (const [state, make] of Object.entries(NOT_PUBLIC)) {
    it(`says "${UNAVAILABLE}" for a post ${state}, as for one that never was`, async () => {
      const title = `Secret ${state} ${Math.random()}`;
      const post = await make(title);
      const response = await visit(`/embed/posts/${post.id}`);
      const unknown = await visit('/embed/posts/no-such-post');
      expect(response.statusCode).toBe(404);
      expectFramableByAnySite(response);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain(UNAVAILABLE);
      expect(response.body).not.toContain(title);
      expect(response.body).not.toContain(TRANSCRIPT);
      expect(response.body).toBe(unknown.body);
    });
  }

  it('is the only page other sites may frame: the app, the API and media stay unframable', async () => {
    const { post } = await publish('Framed nowhere else');
    const otherPathsUnderEmbed = ['/embed/settings', `/embed/posts/${post.id}/more`, '/embed/'];
    for (const url of [
      '/',
      `/posts/${post.id}`,
      '/api/login',
      `/api/posts/${post.id}`,
      post.audioUrl,
      ...otherPathsUnderEmbed,
    ]) {
      const response = await visit(url);
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });
  it('is a post’s page alone: the build’s template it is written from is not there at /embed.html', async () => {
    for (const url of ['/embed.html', '/embed.html?autoplay=1']) {
      const response = await visit(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ message: string }>().message).toBe('Nothing is at GET /embed.html.');
    }
    // The build's other files, and the app's pages, are served as before.
    expect((await visit('/robots.txt')).statusCode).toBe(200);
    const appPage = await visit('/discover');
    expect(appPage.statusCode).toBe(200);
    expect(appPage.headers['content-type']).toMatch(/^text\/html/);
    const { post } = await publish('Still playing');
    const player = await visit(`/embed/posts/${post.id}`);
    expect(player.statusCode).toBe(200);
    expect(player.body).toContain('<script type="module" src="/embed/main.ts"></script>');
  });
});

describe(`oEmbed on ${databaseKind}`, () => {
  const oembed = (query: Record<string, string>) => visit(`/api/oembed?${new URLSearchParams(query)}`);

  it('answers a public post’s page with a rich iframe of its player, for either post address', async () => {
    const { author, post } = await publish('Tide tables');
    for (const page of [`${ORIGIN}/posts/${post.id}`, `${ORIGIN}/post/${post.id}`]) {
      const response = await oembed({ url: page, format: 'json' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      // As the player's page: a post made private or hidden is gone from every cache's answer at once.
      expect(response.headers['cache-control']).toBe('no-cache');
      const answer = response.json<Oembed>();
      expect(answer).toEqual({
        version: '1.0',
        type: 'rich',
        provider_name: 'Earshot',
        provider_url: `${ORIGIN}/`,
        title: 'Tide tables',
        author_name: 'Ada Byrne',
        author_url: `${ORIGIN}/profile/${author.user.id}`,
        html: expect.stringMatching(/^<iframe .*><\/iframe>$/),
        width: 560,
        height: 200,
        thumbnail_url: expect.stringMatching(
          new RegExp(`^${ORIGIN}/media/share-cards/${post.id}/\\w+\\.png$`),
        ),
        thumbnail_width: 1200,
        thumbnail_height: 630,
      });
      const thumbnail = await visit(answer.thumbnail_url!.slice(ORIGIN.length));
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/png');
      expect(answer.html).toContain(`src="${ORIGIN}/embed/posts/${post.id}"`);
      expect(answer.html).toContain('width="560" height="200"');
      expect(answer.html).toContain('title="Earshot: Tide tables"');
    }
    // JSON is the default format.
    expect((await oembed({ url: `${ORIGIN}/posts/${post.id}` })).statusCode).toBe(200);
  });

  it('fits within maxwidth and maxheight, leaving out a thumbnail that would not', async () => {
    const { post } = await publish('Narrow column');
    const response = await oembed({ url: `${ORIGIN}/posts/${post.id}`, maxwidth: '320', maxheight: '150' });
    const answer = response.json<Oembed>();
    expect(answer).toMatchObject({ width: 320, height: 150 });
    expect(answer.html).toContain('width="320" height="150"');
    expect(answer).not.toHaveProperty('thumbnail_url');
    expect(answer).not.toHaveProperty('thumbnail_width');
    const roomy = await oembed({ url: `${ORIGIN}/posts/${post.id}`, maxwidth: '2000', maxheight: '900' });
    expect(roomy.json<Oembed>()).toMatchObject({
      width: 560,
      height: 200,
      thumbnail_width: 1200,
      thumbnail_height: 630,
    });
  });

  it('gives a post’s own photo as its thumbnail, at the photo’s size', async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#36a' } })
      .png()
      .toBuffer();
    const author = await signUp(testApp.app);
    const post = await publishWebm(testApp.app, author.cookie, voice, {
      fields: { title: 'Harbour at dawn' },
      files: [{ field: 'photo', filename: 'harbour.png', contentType: 'image/png', content: photo }],
    });
    const answer = (await oembed({ url: `${ORIGIN}/posts/${post.id}` })).json<Oembed>();
    expect(answer).toMatchObject({
      thumbnail_url: ORIGIN + post.imageUrl,
      thumbnail_width: 640,
      thumbnail_height: 480,
    });
  });

  it('answers 404 for another site, another page of ours, and an unknown post', async () => {
    const { post } = await publish('Elsewhere');
    for (const url of [
      `https://elsewhere.example/posts/${post.id}`,
      `${ORIGIN}/profile/${post.userId}`,
      `${ORIGIN}/posts/${post.id}/comments`,
      `${ORIGIN}/posts/no-such-post`,
      'not a url',
    ]) {
      const response = await oembed({ url, format: 'json' });
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
  });

  it('answers a post that is not for everyone exactly as one that does not exist', async () => {
    const unknown = await oembed({ url: `${ORIGIN}/posts/no-such-post` });
    for (const [state, make] of Object.entries(NOT_PUBLIC)) {
      const post = await make(`Not for oEmbed ${state}`);
      const response = await oembed({ url: `${ORIGIN}/posts/${post.id}` });
      expect(response.statusCode, state).toBe(404);
      expect(response.body, state).toBe(unknown.body);
    }
  });

  it('answers 501 for XML and 400 for a missing url or a size that is not a number', async () => {
    const { post } = await publish('Formats');
    const xml = await oembed({ url: `${ORIGIN}/posts/${post.id}`, format: 'xml' });
    expect(xml.statusCode).toBe(501);
    expect(xml.json<{ message: string }>().message).toMatch(/format=json/);
    const queries: Record<string, string>[] = [{}, { url: `${ORIGIN}/posts/${post.id}`, maxwidth: 'wide' }];
    for (const query of queries) {
      const response = await oembed(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
  });
});
