import { escapeHtml } from '@shared/domain/escape-html';
import type { Post } from '@shared/contract/posts';
import { EMBED_SIZE, embedPath, oembedPath } from '@shared/domain/embed';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ogs from 'open-graph-scraper';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, streamedTone } from '../support/audio';
import { callAs, signUp, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, restartWithAdminEmails, type TestApp } from './support/test-app';
import { keysUnder } from '../../src/server/storage/blob-store';
import { publishWebm, sendFormAs } from './support/uploads';
import { waitForRendition } from './support/waits';

const PUBLIC_URL = 'https://earshot.example';
const MODERATOR_EMAIL = 'previews-moderator@example.com';
const TRANSCRIPT = 'Good morning from the river. The heron was back today, standing very still in the reeds.';

let testApp: TestApp;
let clientDir: string;
let voice: Buffer;
let author: SignedIn;
let stranger: SignedIn;
let moderator: SignedIn;
let publicPost: Post;

beforeAll(async () => {
  // The server writes its head into the app's page; the source page has the same head as the built one.
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-client-'));
  await copyFile(path.resolve('src/client/index.html'), path.join(clientDir, 'index.html'));
  testApp = await createTestApp({ PUBLIC_URL }, { clientDir, runJobs: true });
  moderator = await signUp(testApp.app, { email: MODERATOR_EMAIL });
  await restartWithAdminEmails(testApp, MODERATOR_EMAIL);
  [author, stranger] = await Promise.all([
    signUp(testApp.app, { firstName: 'Ana', lastName: 'Lima' }),
    signUp(testApp.app),
  ]);
  voice = await streamedTone({ seconds: 2, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
  const published = await publishWebm(testApp.app, author.cookie, voice, {
    fields: { title: 'Morning by the river', transcription: TRANSCRIPT },
  });
  publicPost = await waitForRendition(async () =>
    (await call(undefined, `/api/posts/${published.id}`)).json(),
  );
}, 120_000);
afterAll(async () => {
  await testApp?.close();
  await rm(clientDir, { recursive: true, force: true });
});

const call = (who: SignedIn | undefined, url: string) => callAs(testApp.app, who, 'GET', url);

/** The page as `who` fetches it, read by the scraper chat apps use. */
async function scrape(who: SignedIn | undefined, url: string) {
  const page = await call(who, url);
  expect(page.statusCode, page.body).toBe(200);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  const { result } = await ogs({ html: page.body });
  return { result, html: page.body, headers: page.headers };
}

/** The scraper gives sizes as the page wrote them: text. */
const sizeOf = (media: { width?: number | string; height?: number | string } | undefined) => [
  Number(media?.width),
  Number(media?.height),
];

const localPath = (absolute: string) => {
  expect(absolute.startsWith(`${PUBLIC_URL}/`), absolute).toBe(true);
  return absolute.slice(PUBLIC_URL.length);
};

/** The versions of a post's share card in the media store, which every instance shares. */
async function storedCardsOf(owner: SignedIn, postId: string): Promise<string[]> {
  const keys = await keysUnder(testApp.context.blobs, `share-cards/${owner.user.id}/${postId}/`);
  return keys.map((key) => key.slice(key.lastIndexOf('/') + 1, -'.png'.length));
}

/** The version a card's address names: `/media/share-cards/{id}/{version}.png`. */
const versionOf = (cardUrl: string) => cardUrl.slice(cardUrl.lastIndexOf('/') + 1, -'.png'.length);

async function cardUrlOf(post: Post, who?: SignedIn): Promise<string> {
  return localPath((await scrape(who, `/posts/${post.id}`)).result.ogImage![0]!.url);
}

async function publish(fields: Record<string, string>, who = author): Promise<Post> {
  return publishWebm(testApp.app, who.cookie, voice, { fields });
}

/** A public post by the author with a photo of `size`, as a PNG upload. */
async function publishWithPhoto(title: string, size: { width: number; height: number }): Promise<Post> {
  const photo = await sharp({ create: { ...size, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  return publishWebm(testApp.app, author.cookie, voice, {
    fields: { title },
    files: [{ field: 'photo', filename: 'cover.png', contentType: 'image/png', content: photo }],
  });
}

/** A public post once its rendition is listed: its card's version names the recording, so it moves no more. */
async function publishRendered(fields: Record<string, string>, who: SignedIn): Promise<Post> {
  const post = await publish(fields, who);
  return waitForRendition(async () => (await call(undefined, `/api/posts/${post.id}`)).json());
}

/** What a page says of nothing in particular: the app's own title and description, and no post of anyone's. */
async function expectGenericHead(who: SignedIn | undefined, post: Post) {
  for (const url of [`/posts/${post.id}`, `/post/${post.id}`]) {
    const { result, html } = await scrape(who, url);
    // A scraper falls back on the page's own title and description: the app's.
    expect(result.ogTitle).toBe('Earshot');
    expect(result.ogDescription).toMatch(/^Earshot is a voice-first social platform/);
    expect(result.ogImage ?? []).toEqual([]);
    expect(result.ogAudio).toBeUndefined();
    expect(result.twitterPlayer).toBeUndefined();
    expect(html).toContain('<title>Earshot</title>');
    expect(html).not.toContain(post.title);
    expect(html).not.toContain(post.id.slice(0, 8) + '/');
  }
}

describe(`link previews of posts on ${databaseKind}`, () => {
  it('draws in fonts set up when the server started: drawing a card changes nothing of the process', async () => {
    // Read by fontconfig when it first starts: set before any request, never by one.
    const atStart = process.env.FONTCONFIG_FILE;
    expect(atStart).toMatch(/earshot-fonts-\w+\/fonts-\w+\.conf$/);
    const post = await publishRendered({ title: 'Drawn after start-up' }, author);
    const image = (await scrape(undefined, `/posts/${post.id}`)).result.ogImage![0]!;
    expect((await call(undefined, localPath(image.url))).statusCode).toBe(200);
    expect(process.env.FONTCONFIG_FILE).toBe(atStart);
  });

  it('shows a public post’s title, transcript, drawn image, AAC audio and player to a signed-out scraper', async () => {
    const { result, html, headers } = await scrape(undefined, `/posts/${publicPost.id}`);
    const pageUrl = `${PUBLIC_URL}/posts/${publicPost.id}`;
    expect(result.ogTitle).toBe('Morning by the river');
    expect(result.ogDescription).toBe(TRANSCRIPT);
    expect(result.ogType).toBe('article');
    expect(result.ogUrl).toBe(pageUrl);
    expect(result.ogSiteName).toBe('Earshot');
    expect(html).toContain(`<link rel="canonical" href="${pageUrl}" />`);
    expect(html).toContain('<title>Morning by the river</title>');

    const [image] = result.ogImage!;
    expect(image?.type).toBe('image/png');
    expect(sizeOf(image)).toEqual([1200, 630]);
    expect(result.twitterCard).toBe('player');
    expect(result.twitterImage?.[0]?.url).toBe(image!.url);
    expect(result.twitterPlayer?.[0]?.url).toBe(PUBLIC_URL + embedPath(publicPost.id));
    expect(sizeOf(result.twitterPlayer?.[0])).toEqual([EMBED_SIZE.width, EMBED_SIZE.height]);
    const oembed = PUBLIC_URL + oembedPath(pageUrl);
    expect(html).toContain(`type="application/json+oembed" href="${escapeHtml(oembed)}"`);

    // The audio is the AAC rendition, public and cacheable.
    expect(result.ogAudioType).toBe('audio/mp4');
    const audio = await call(undefined, localPath(result.ogAudioURL ?? result.ogAudio!));
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mp4');
    expect(audio.headers['cache-control']).toMatch(/^public/);

    // The head is the asker's: no shared cache may hand it to anyone else.
    expect(headers['cache-control']).toBe('private, no-cache');

    // The drawn card is a 1200×630 PNG with something on it, kept by caches for good.
    const card = await call(undefined, localPath(image!.url));
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect(card.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(card.rawPayload).metadata();
    expect([metadata.width, metadata.height, metadata.format]).toEqual([1200, 630, 'png']);
    const { channels } = await sharp(card.rawPayload).stats();
    expect(Math.max(...channels.slice(0, 3).map((channel) => channel.stdev))).toBeGreaterThan(20);
    const again = await testApp.app.inject({
      url: localPath(image!.url),
      headers: { 'if-none-match': card.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('reads the same on the notification address, /post/{id}', async () => {
    const { result } = await scrape(stranger, `/post/${publicPost.id}`);
    expect(result.ogTitle).toBe('Morning by the river');
    expect(result.ogUrl).toBe(`${PUBLIC_URL}/posts/${publicPost.id}`);
  });

  it('escapes a title written to break out of the head', async () => {
    const title = `"><script>alert('x')</script><meta property="og:title" content="forged`;
    const post = await publish({ title });
    const { result, html } = await scrape(undefined, `/posts/${post.id}`);
    expect(result.ogTitle).toBe(title);
    expect(result.ogImage?.[0]?.alt).toContain(title);
    expect(html).not.toContain("<script>alert('x')");
    expect(html.match(/property="og:title"/g)).toHaveLength(1);
  });

  it('draws the card of a post whose title is only invisible characters', async () => {
    const post = await publish({ title: '\uFEFF\u200B\u200D' });
    const { result } = await scrape(undefined, `/posts/${post.id}`);
    const card = await call(undefined, localPath(result.ogImage![0]!.url));
    expect(card.statusCode, card.body).toBe(200);
    expect((await sharp(card.rawPayload).metadata()).width).toBe(1200);
  });

  it('uses a post’s own photo, with its real size', async () => {
    const post = await publishWithPhoto('With a photo', { width: 900, height: 600 });
    const { result } = await scrape(undefined, `/posts/${post.id}`);
    expect(result.ogImage?.[0]).toMatchObject({ url: PUBLIC_URL + post.imageUrl, type: 'image/webp' });
    expect(sizeOf(result.ogImage?.[0])).toEqual([900, 600]);
    const answer = await call(undefined, post.imageUrl!);
    expect(answer.statusCode).toBe(200);
  });

  it('knows a photo’s size from its upload; one stored before sizes were kept is measured once and kept', async () => {
    const post = await publishWithPhoto('Photo sized at upload', { width: 640, height: 480 });
    const imageId = post.imageUrl!.slice(post.imageUrl!.lastIndexOf('/') + 1).split('.')[0]!;
    const keptSize = () =>
      testApp.context.db
        .selectFrom('images')
        .select(['width', 'height'])
        .where('id', '=', imageId)
        .executeTakeFirstOrThrow();
    expect(await keptSize()).toEqual({ width: 640, height: 480 });

    // As a picture stored before sizes were kept: every instance reads the size kept by the first.
    await testApp.context.db
      .updateTable('images')
      .set({ width: null, height: null })
      .where('id', '=', imageId)
      .execute();
    const { result } = await scrape(undefined, `/posts/${post.id}`);
    expect(sizeOf(result.ogImage?.[0])).toEqual([640, 480]);
    expect(await keptSize()).toEqual({ width: 640, height: 480 });
  });

  it('gives a new image address when the title changes, and sends the old one on to it', async () => {
    const draft = await publishWebm(testApp.app, author.cookie, voice, {
      url: '/api/diary',
      fields: { title: 'First thoughts' },
    });
    const before = (await scrape(author, `/posts/${draft.id}`)).result.ogImage![0]!.url;
    const renamed = await sendFormAs(
      testApp.app,
      author.cookie,
      'PUT',
      '/api/diary',
      multipartForm({ draftId: draft.id, title: 'Second thoughts' }, []),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const { result } = await scrape(author, `/posts/${draft.id}`);
    expect(result.ogTitle).toBe('Second thoughts');
    const after = result.ogImage![0]!.url;
    expect(after).not.toBe(before);
    const old = await call(author, localPath(before));
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe(localPath(after));
    // A draft's card is its owner's alone: never kept by a shared cache, and not there for anyone else.
    const card = await call(author, localPath(after));
    expect(card.statusCode).toBe(200);
    // Only the card of the title it has now is kept.
    expect(await storedCardsOf(author, draft.id)).toEqual([versionOf(after)]);
    expect(card.headers['cache-control']).toBe('private, no-cache');
    expect((await call(stranger, localPath(after))).statusCode).toBe(404);
    expect((await call(undefined, localPath(after))).statusCode).toBe(404);
    await expectGenericHead(stranger, { ...draft, title: 'Second thoughts' });
  });

  it('shows nothing of a private post or a draft to anyone else', async () => {
    const secret = await publish({ title: 'Private musings', isPrivate: 'true' });
    const draft = await publishWebm(testApp.app, author.cookie, voice, {
      url: '/api/diary',
      fields: { title: 'Unfinished diary' },
    });
    for (const post of [secret, draft]) {
      await expectGenericHead(undefined, post);
      await expectGenericHead(stranger, post);
    }
    // Their owner still sees their own.
    expect((await scrape(author, `/posts/${secret.id}`)).result.ogTitle).toBe('Private musings');
  });

  it('shows nothing of a hidden or removed post, or of a suspended person’s', async () => {
    const act = (action: string, targetKind: string, targetId: string) =>
      callAs(testApp.app, moderator, 'POST', '/api/moderation/actions', {
        action,
        targetKind,
        targetId,
        note: 'checked',
      });
    const hidden = await publish({ title: 'Soon hidden' });
    const removed = await publish({ title: 'Soon removed' });
    const suspendedAuthor = await signUp(testApp.app);
    const bySuspended = await publish({ title: 'Soon suspended' }, suspendedAuthor);
    const cardOf = async (post: Post) =>
      localPath((await scrape(undefined, `/posts/${post.id}`)).result.ogImage![0]!.url);
    const cards = await Promise.all([hidden, removed, bySuspended].map(cardOf));
    expect((await act('hide', 'post', hidden.id)).statusCode).toBe(200);
    expect((await act('remove', 'post', removed.id)).statusCode).toBe(200);
    expect((await act('suspend', 'user', suspendedAuthor.user.id)).statusCode).toBe(200);
    for (const post of [hidden, removed, bySuspended]) {
      await expectGenericHead(undefined, post);
      await expectGenericHead(stranger, post);
    }
    for (const card of cards) expect((await call(undefined, card)).statusCode).toBe(404);
    expect((await scrape(undefined, `/profile/${suspendedAuthor.user.id}`)).result.ogTitle).toBe('Earshot');
  });

  it('shows nothing of a post to someone on the other side of a block, nor of a deleted post', async () => {
    const blocker = await signUp(testApp.app);
    const post = await publish({ title: 'Not for blocked eyes' }, blocker);
    expect(
      (await callAs(testApp.app, blocker, 'PUT', `/api/users/${stranger.user.id}/block`)).statusCode,
    ).toBe(200);
    await expectGenericHead(stranger, post);
    expect((await scrape(undefined, `/posts/${post.id}`)).result.ogTitle).toBe('Not for blocked eyes');

    const deleted = await publish({ title: 'Soon deleted' });
    expect((await callAs(testApp.app, author, 'DELETE', `/api/posts/${deleted.id}`)).statusCode).toBeLessThan(
      300,
    );
    await expectGenericHead(undefined, deleted);
    await expectGenericHead(undefined, { ...deleted, id: 'no-such-post' });
  });
});

describe(`share cards in the media store on ${databaseKind}`, () => {
  it('are drawn once and served from the store, which every instance shares: the same bytes, not a new drawing', async () => {
    const owner = await signUp(testApp.app);
    const post = await publishRendered({ title: 'Stored once' }, owner);
    const url = await cardUrlOf(post);
    const drawn = await call(undefined, url);
    expect(drawn.statusCode).toBe(200);
    expect(await storedCardsOf(owner, post.id)).toEqual([versionOf(url)]);
    // What another instance stored under that version is what this one serves.
    const stored = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const key = `share-cards/${owner.user.id}/${post.id}/${versionOf(url)}.png`;
    await testApp.context.blobs.put(key, stored, { contentType: 'image/png' });
    const served = await call(undefined, url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it('go with their post, whether its owner or a moderator removes it', async () => {
    const owner = await signUp(testApp.app);
    const [deleted, removed] = [
      await publishRendered({ title: 'Deleted by its owner' }, owner),
      await publishRendered({ title: 'Removed by a moderator' }, owner),
    ];
    for (const post of [deleted, removed]) {
      expect((await call(undefined, await cardUrlOf(post))).statusCode).toBe(200);
      expect(await storedCardsOf(owner, post.id)).toHaveLength(1);
    }
    expect((await callAs(testApp.app, owner, 'DELETE', `/api/posts/${deleted.id}`)).statusCode).toBe(200);
    const removal = await callAs(testApp.app, moderator, 'POST', '/api/moderation/actions', {
      action: 'remove',
      targetKind: 'post',
      targetId: removed.id,
      note: 'checked',
    });
    expect(removal.statusCode, removal.body).toBe(200);
    for (const post of [deleted, removed]) expect(await storedCardsOf(owner, post.id)).toEqual([]);
  });

  it('of a person’s posts go when they change their name or picture, and are drawn again as they are now', async () => {
    const owner = await signUp(testApp.app, { firstName: 'Old', lastName: 'Name' });
    const post = await publishRendered({ title: 'Before the change' }, owner);
    const before = await cardUrlOf(post);
    expect((await call(undefined, before)).statusCode).toBe(200);
    const picture = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#a63' } })
      .png()
      .toBuffer();
    const changed = await sendFormAs(
      testApp.app,
      owner.cookie,
      'PUT',
      '/api/profile',
      multipartForm({ firstName: 'New' }, [
        { field: 'profileImage', filename: 'me.png', contentType: 'image/png', content: picture },
      ]),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await storedCardsOf(owner, post.id)).toEqual([]);
    const after = await cardUrlOf(post);
    expect(after).not.toBe(before);
    expect((await call(undefined, after)).statusCode).toBe(200);
    expect(await storedCardsOf(owner, post.id)).toEqual([versionOf(after)]);
  });

  it('go with their owner’s account', async () => {
    const owner = await signUp(testApp.app);
    const post = await publishRendered({ title: 'Leaving soon' }, owner);
    expect((await call(undefined, await cardUrlOf(post))).statusCode).toBe(200);
    expect(await storedCardsOf(owner, post.id)).toHaveLength(1);
    const deleted = await callAs(testApp.app, owner, 'DELETE', '/api/me', { password: owner.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await keysUnder(testApp.context.blobs, `share-cards/${owner.user.id}/`)).toEqual([]);
  });
});

describe(`link previews of profiles on ${databaseKind}`, () => {
  it('names the person, with the profile type and address', async () => {
    const { result, html } = await scrape(undefined, `/profile/${author.user.id}`);
    expect(result.ogType).toBe('profile');
    expect(result.ogTitle).toBe(`Ana Lima (@${author.user.username})`);
    expect(result.ogUrl).toBe(`${PUBLIC_URL}/profile/${author.user.id}`);
    expect(result.ogDescription).toContain('Ana Lima');
    expect(html).not.toContain('twitter:player');
  });
});
