import { parseFeed } from '@rowanmanning/feed-parser';
import type { Post } from '@shared/contract/posts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamedTone } from '../support/audio';
import { signUp, type SignedIn } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';
import { publishWebm } from './support/uploads';
import { waitForIdleJobs } from './support/waits';

const ITUNES = 'http://www.itunes.com/dtds/podcast-1.0.dtd';
const PODCAST = 'https://podcastindex.org/namespace/1.0';

let testApp: TestApp;
let ada: SignedIn;
let pods: Post[];

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers });
const feedUrl = (userId: string) => `/api/users/${userId}/pods.rss`;

beforeAll(async () => {
  testApp = await createTestApp({}, { runJobs: true });
  ada = await signUp(testApp.app, { firstName: 'Ada', lastName: 'Podcaster' });
  const [threeSeconds, fiveSeconds] = await Promise.all([
    streamedTone({ seconds: 3, format: 'webm', codecArgs: ['-c:a', 'libopus'] }),
    streamedTone({ seconds: 5, format: 'webm', codecArgs: ['-c:a', 'libopus'], frequency: 330 }),
  ]);
  const publish = (audio: Buffer, fields: Record<string, string>) =>
    publishWebm(testApp.app, ada.cookie, audio, { fields: { category: 'Talk', ...fields } });
  const first = await publish(fiveSeconds, {
    type: 'episode',
    title: 'Tides & <harbours>',
    transcription: 'On the sea, “mostly”.',
    category: 'music',
  });
  const second = await publish(threeSeconds, { type: 'episode', title: 'Second pod' });
  // Not in the feed: a private pod and an ordinary voice post.
  await publish(threeSeconds, { type: 'episode', title: 'Only mine', isPrivate: 'true' });
  await publish(threeSeconds, { type: 'post', title: 'A voice post' });
  const chapters = await testApp.app.inject({
    method: 'PUT',
    url: `/api/posts/${first.id}/chapters`,
    headers: { cookie: ada.cookie },
    payload: {
      chapters: [
        { id: 'c2', title: 'Out', time: 2.5 },
        { id: 'c1', title: 'In', time: 0 },
      ],
    },
  });
  expect(chapters.statusCode, chapters.body).toBe(200);
  await waitForIdleJobs(testApp.context.db);
  pods = [second, first];
});
afterAll(async () => {
  await testApp?.close();
});

describe('a person’s podcast feed', () => {
  it('lists their public pods, newest first, as a feed parser reads it', async () => {
    const response = await get(feedUrl(ada.user.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');

    const feed = parseFeed(response.body);
    expect(feed.title).toBe('Ada Podcaster’s pods');
    expect(feed.items.map((item) => item.id)).toEqual(pods.map((pod) => pod.id));
    expect(feed.items.map((item) => item.title)).toEqual(['Second pod', 'Tides & <harbours>']);
    expect(feed.items[1]!.description).toBe('On the sea, “mostly”.');
    expect(feed.items[1]!.url).toBe(`http://localhost/posts/${pods[1]!.id}`);
  });

  it('encloses each pod’s AAC rendition with its true size and measured duration', async () => {
    const feed = parseFeed((await get(feedUrl(ada.user.id))).body);
    for (const [index, item] of feed.items.entries()) {
      const [audio] = item.mediaAudio;
      expect(audio!.mimeType).toBe('audio/mp4');
      const served = await get(new URL(audio!.url).pathname);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.length).toBe(audio!.length);
      const duration = item.element.findElementWithName('duration');
      expect(duration?.namespaceUri).toBe(ITUNES);
      expect(Number(duration?.textContentNormalized)).toBe(index === 0 ? 3 : 5);
    }
  });

  it('links a pod’s chapters as Podcasting 2.0 JSON, in time order', async () => {
    const feed = parseFeed((await get(feedUrl(ada.user.id))).body);
    expect(feed.items[0]!.element.findElementWithName('chapters')).toBeNull();
    const link = feed.items[1]!.element.findElementWithName('chapters');
    expect(link?.namespaceUri).toBe(PODCAST);
    expect(link?.getAttribute('type')).toBe('application/json+chapters');

    const chapters = await get(new URL(link!.getAttribute('url')!).pathname);
    expect(chapters.statusCode).toBe(200);
    expect(chapters.headers['content-type']).toMatch(/^application\/json\+chapters/);
    // Web podcast players fetch it from their own site.
    expect(chapters.headers['access-control-allow-origin']).toBe('*');
    expect(chapters.json()).toEqual({
      version: '1.2.0',
      chapters: [
        { startTime: 0, title: 'In' },
        { startTime: 2.5, title: 'Out' },
      ],
    });
  });

  it('names the show’s Apple category from its pods, its artwork, and no guessed language', async () => {
    const feed = parseFeed((await get(feedUrl(ada.user.id))).body);
    // "music" maps to Music; "Talk" maps to nothing, so Music is the only candidate.
    expect(feed.categories.map((category) => category.term)).toEqual(['Music']);
    expect(feed.element.findElementWithName('category')?.namespaceUri).toBe(ITUNES);
    // Ada has no picture: the app's artwork stands in, as podcast apps need one.
    const image = feed.element
      .findElementsWithName('image')
      .find((element) => element.namespaceUri === ITUNES);
    expect(image?.getAttribute('href')).toBe('http://localhost/icons/podcast-artwork.png');
    expect(feed.image?.url).toBe('http://localhost/icons/podcast-artwork.png');
    expect(feed.element.findElementWithName('language')).toBeNull();
  });

  it('links a pod’s transcript as WebVTT timed like the player’s words', async () => {
    const feed = parseFeed((await get(feedUrl(ada.user.id))).body);
    expect(feed.items[0]!.element.findElementWithName('transcript')).toBeNull();
    const link = feed.items[1]!.element.findElementWithName('transcript');
    expect(link?.namespaceUri).toBe(PODCAST);
    expect(link?.getAttribute('type')).toBe('text/vtt');

    const transcript = await get(new URL(link!.getAttribute('url')!).pathname);
    expect(transcript.statusCode).toBe(200);
    expect(transcript.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(transcript.headers['access-control-allow-origin']).toBe('*');
    // 4 words over the 5 s pod (§9): "On the sea," then "“mostly”." closing the sentence at the end.
    expect(transcript.body).toBe('WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nOn the sea, “mostly”.\n');
  });

  it('answers 304 to a podcast app that already has this version, and a new one after a new pod', async () => {
    const first = await get(feedUrl(ada.user.id));
    const etag = String(first.headers.etag);
    expect((await get(feedUrl(ada.user.id), { 'if-none-match': etag })).statusCode).toBe(304);

    const audio = await streamedTone({ seconds: 2, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
    await publishWebm(testApp.app, ada.cookie, audio, { fields: { type: 'episode', title: 'Third' } });
    await waitForIdleJobs(testApp.context.db);
    const after = await get(feedUrl(ada.user.id), { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(parseFeed(after.body).items[0]!.title).toBe('Third');
  });

  it('links with PUBLIC_URL and may be cached publicly; links from the request’s own host are for it alone', async () => {
    const own = await get(feedUrl(ada.user.id), { host: 'elsewhere.example' });
    expect(own.headers['cache-control']).toBe('private, max-age=300');
    expect(own.headers.vary).toContain('Host');
    expect(parseFeed(own.body).items[0]!.mediaAudio[0]!.url).toMatch(/^http:\/\/elsewhere\.example\/media\//);

    // An instance of its own (on SQLite another instance would not share the database), with a pod of its own.
    const configured = await createTestApp({ PUBLIC_URL: 'https://earshot.example/' }, { runJobs: true });
    try {
      const bo = await signUp(configured.app, { firstName: 'Bo', lastName: 'Broadcaster' });
      const audio = await streamedTone({ seconds: 2, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
      const pod = await publishWebm(configured.app, bo.cookie, audio, {
        fields: { type: 'episode', title: 'Far' },
      });
      await waitForIdleJobs(configured.context.db);
      const response = await configured.app.inject({
        method: 'GET',
        url: feedUrl(bo.user.id),
        headers: { host: 'elsewhere.example' },
      });
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      const feed = parseFeed(response.body);
      expect(feed.items[0]!.mediaAudio[0]!.url).toMatch(/^https:\/\/earshot\.example\/media\//);
      expect(feed.items[0]!.url).toBe(`https://earshot.example/posts/${pod.id}`);
    } finally {
      await configured.close();
    }
  });

  it('is 404 for nobody, and a private pod’s chapters stay private', async () => {
    expect((await get(feedUrl('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    const audio = await streamedTone({ seconds: 2, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
    const hidden = await publishWebm(testApp.app, ada.cookie, audio, {
      fields: { type: 'episode', title: 'Hidden', isPrivate: 'true' },
    });
    expect((await get(`/api/posts/${hidden.id}/chapters.json`)).statusCode).toBe(404);
    const own = await get(`/api/posts/${hidden.id}/chapters.json`, { cookie: ada.cookie });
    expect(own.json()).toEqual({ version: '1.2.0', chapters: [] });
    // The owner's own copy is theirs alone: no other site may read it with their cookie.
    expect(own.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps a private pod’s transcript private, and says when a pod has none', async () => {
    const audio = await streamedTone({ seconds: 2, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
    const hidden = await publishWebm(testApp.app, ada.cookie, audio, {
      fields: { type: 'episode', title: 'Hidden words', isPrivate: 'true', transcription: 'Just for me.' },
    });
    expect((await get(`/api/posts/${hidden.id}/transcript.vtt`)).statusCode).toBe(404);
    const own = await get(`/api/posts/${hidden.id}/transcript.vtt`, { cookie: ada.cookie });
    expect(own.body).toMatch(/^WEBVTT\n\n00:00:00\.000 --> 00:00:0\d\.\d{3}\nJust for me\.\n$/);
    expect(own.headers['access-control-allow-origin']).toBeUndefined();

    const none = await get(`/api/posts/${pods[0]!.id}/transcript.vtt`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: 'This post has no transcript.' });
  });
});
