import type { Post } from '@shared/contract/posts';
import { readdir, writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeAudioStream,
  ffmpegOutput,
  measureLoudness,
  multipartForm,
  streamedTone,
  type FilePart,
} from '../support/audio';
import { keysUnder } from '../../src/server/storage/blob-store';
import { signUp, uniqueEmail, type SignedIn } from './support/accounts';
import { createTestApp, databaseKind, type TestApp } from './support/test-app';
import { waitFor, waitForRendition } from './support/waits';

let testApp: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let workDir: string;
let webm2s: Buffer;

beforeAll(async () => {
  testApp = await createTestApp({}, { runJobs: true });
  alice = await signUp(testApp.app, { firstName: 'Alice', lastName: 'Author' });
  bob = await signUp(testApp.app, { firstName: 'Bob', lastName: 'Other' });
  workDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-posts-'));
  webm2s = await streamedTone({ seconds: 2, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
});
afterAll(async () => {
  await testApp?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const audioPart = (content: Buffer, filename = 'recording.webm', contentType = 'audio/webm'): FilePart => ({
  field: 'audio',
  filename,
  contentType,
  content,
});

function upload(
  who: SignedIn | undefined,
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  files: FilePart[],
) {
  const form = multipartForm(fields, files);
  return testApp.app.inject({
    method,
    url,
    headers: { ...form.headers, ...(who ? { cookie: who.cookie } : {}) },
    payload: form.payload,
  });
}

async function publish(
  who: SignedIn,
  fields: Record<string, string> = {},
  audio = webm2s,
  url = '/api/posts',
) {
  const response = await upload(who, 'POST', url, fields, [audioPart(audio)]);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Post;
}

const get = (url: string, who?: SignedIn, headers: Record<string, string> = {}) =>
  testApp.app.inject({ url, headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) } });

async function countRows(table: 'posts' | 'audio_assets' | 'images') {
  const row = await testApp.context.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function filesUnder(directory: string): Promise<string[]> {
  try {
    return (await readdir(directory, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}
const tempFiles = () => filesUnder(path.join(testApp.config.dataDir, 'tmp', 'uploads'));

describe(`publishing voice posts on ${databaseKind}`, () => {
  it('measures a MediaRecorder-style WebM without a duration header and ignores the client’s number', async () => {
    const post = await publish(alice, { title: '  Morning thoughts ', duration: '999', category: 'Stories' });
    expect(post).toMatchObject({
      userId: alice.user.id,
      type: 'post',
      isDraft: false,
      isPrivate: false,
      title: 'Morning thoughts',
      category: 'Stories',
      transcription: null,
      chapters: [],
      imageUrl: null,
    });
    expect(post.user).toMatchObject({ id: alice.user.id, firstName: 'Alice' });
    expect(post.duration).toBeGreaterThan(1.9);
    expect(post.duration).toBeLessThan(2.1);
    expect(post.waveformData).toHaveLength(100);
    expect(Math.max(...post.waveformData)).toBe(1);
    expect(post.audioSources[0]).toEqual({ url: post.audioUrl, mimeType: expect.stringMatching(/^audio\//) });
    expect(await tempFiles()).toEqual([]);
  });

  it('fills the spec’s defaults for an empty title and category', async () => {
    const post = await publish(alice, { title: '   ', category: '' });
    expect(post.title).toBe('Untitled Voice Post');
    expect(post.category).toBe('General');
  });

  it.each([
    {
      label: 'Safari MP4 (fragmented AAC)',
      format: 'mp4',
      codecArgs: ['-c:a', 'aac', '-movflags', 'frag_keyframe+empty_moov'],
    },
    {
      label: 'Chromium Opus in MP4',
      format: 'mp4',
      codecArgs: ['-c:a', 'libopus', '-movflags', 'frag_keyframe+empty_moov'],
    },
    { label: 'Ogg Opus (Firefox)', format: 'ogg', codecArgs: ['-c:a', 'libopus'] },
    { label: 'WAV', format: 'wav', codecArgs: [] },
    { label: 'MP3', format: 'mp3', codecArgs: [] },
  ])('accepts $label and measures it', async ({ format, codecArgs }) => {
    const audio = await streamedTone({ seconds: 1.5, format, codecArgs });
    const response = await upload(alice, 'POST', '/api/posts', {}, [
      audioPart(audio, 'recording.bin', 'application/octet-stream'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().duration).toBeCloseTo(1.5, 1);
  });

  it('refuses a file that claims to be audio but is not, and keeps nothing', async () => {
    const before = { posts: await countRows('posts'), assets: await countRows('audio_assets') };
    // Renditions of earlier posts may land meanwhile; what matters is that no upload was kept.
    const originals = async () =>
      (await keysUnder(testApp.context.blobs, 'audio/')).filter((key) => key.includes('/original.'));
    const mediaBefore = await originals();
    const fake = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const response = await upload(alice, 'POST', '/api/posts', { title: 'sneaky' }, [
      audioPart(fake, 'voice.webm', 'audio/webm'),
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/not audio we can play/);
    expect({ posts: await countRows('posts'), assets: await countRows('audio_assets') }).toEqual(before);
    expect(await originals()).toEqual(mediaBefore);
    expect(await tempFiles()).toEqual([]);
  });

  it('refuses an empty file', async () => {
    const response = await upload(alice, 'POST', '/api/posts', {}, [audioPart(Buffer.alloc(0))]);
    expect(response.statusCode).toBe(422);
    expect(await tempFiles()).toEqual([]);
  });

  it('cuts off audio over 100 MB with 413 and keeps nothing', async () => {
    const before = await countRows('posts');
    const huge = Buffer.alloc(100 * 1024 * 1024 + 10, 0);
    webm2s.copy(huge);
    const response = await upload(alice, 'POST', '/api/posts', {}, [audioPart(huge)]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Please select an audio file smaller than 100MB.');
    expect(await countRows('posts')).toBe(before);
    expect(await tempFiles()).toEqual([]);
  });

  it('explains a missing file, a bad flag and a promotion link that is not http(s)', async () => {
    const noFile = await upload(alice, 'POST', '/api/posts', { title: 'x' }, []);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toMatch(/file field named "audio"/);
    const badLink = await upload(alice, 'POST', '/api/posts', { affiliateLink: 'javascript:alert(1)' }, [
      audioPart(webm2s),
    ]);
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().message).toBe('Promotion links must start with http:// or https://.');
    const notMultipart = await testApp.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie: alice.cookie },
      payload: { title: 'json' },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(await tempFiles()).toEqual([]);
  });

  it('keeps a photo checked by content, re-encoded as WebP: PNG yes, SVG no', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const withPhoto = await upload(alice, 'POST', '/api/posts', {}, [
      audioPart(webm2s),
      { field: 'photo', filename: 'cover.svg', contentType: 'image/svg+xml', content: png },
    ]);
    expect(withPhoto.statusCode).toBe(201);
    const imageUrl = withPhoto.json().imageUrl as string;
    expect(imageUrl).toMatch(/^\/media\/images\/[0-9a-f-]+\.webp$/);
    const image = await get(imageUrl, bob);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const refused = await upload(alice, 'POST', '/api/posts', {}, [
      audioPart(webm2s),
      { field: 'photo', filename: 'cover.png', contentType: 'image/png', content: svg },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/PNG, JPEG, WebP or GIF/);
    expect(await tempFiles()).toEqual([]);
  });

  it('requires a session to publish', async () => {
    const response = await upload(undefined, 'POST', '/api/posts', {}, [audioPart(webm2s)]);
    expect(response.statusCode).toBe(401);
  });
});

function audioAssetOf(postId: string) {
  return testApp.context.db
    .selectFrom('posts')
    .innerJoin('audio_assets', 'audio_assets.id', 'posts.audio_id')
    .select(['audio_assets.id', 'audio_assets.rendition_key'])
    .where('posts.id', '=', postId)
    .executeTakeFirst();
}

/** The post once its speech rendition is listed among its sources. */
function withRendition(post: Post, who: SignedIn): Promise<Post> {
  return waitForRendition(async () => (await get(`/api/posts/${post.id}`, who)).json() as Post);
}

describe(`renditions and serving on ${databaseKind}`, () => {
  it('adds an AAC rendition normalised for speech, served first, and serves both with Range', async () => {
    const quiet = await streamedTone({
      seconds: 3,
      format: 'webm',
      codecArgs: ['-c:a', 'libopus'],
      gainDb: -12,
    });
    const ready = await withRendition(await publish(alice, { title: 'quiet' }, quiet), alice);
    expect(ready.audioSources.map((source) => source.mimeType)).toEqual(['audio/mp4', 'audio/webm']);
    expect(ready.audioUrl).toBe(ready.audioSources[0]!.url);

    const rendition = await get(ready.audioUrl, bob);
    expect(rendition.statusCode).toBe(200);
    expect(rendition.headers['content-type']).toBe('audio/mp4');
    expect(rendition.headers['x-content-type-options']).toBe('nosniff');
    expect(rendition.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const file = path.join(workDir, 'rendition.m4a');
    await writeFile(file, rendition.rawPayload);
    const loudness = await measureLoudness(file);
    expect(loudness.integratedLufs).toBeGreaterThan(-17.5);
    expect(loudness.integratedLufs).toBeLessThan(-14.5);
    expect(loudness.truePeakDb).toBeLessThanOrEqual(-1);

    const ranged = await get(ready.audioSources[1]!.url, bob, { range: 'bytes=0-99' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(ranged.headers['content-type']).toBe('audio/webm');
    expect(ranged.rawPayload).toHaveLength(100);
  });

  it('limits loud bursts in a quiet recording and renders a left-only stereo file as mono', async () => {
    // A quiet tone on the left channel only, with a 1 ms burst near full scale every second: the gain that makes
    // the tone loud enough pushes the bursts 7 dB over the ceiling, so only the limiter keeps the true peak down.
    const stereo = await ffmpegOutput([
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4,volume=-2dB'],
      ...['-f', 'lavfi', '-i', `aevalsrc='0.9*sin(2*PI*3000*t)*lt(mod(t,1),0.001)':d=4`],
      ...['-filter_complex', '[0][1]amix=inputs=2:normalize=0,pan=stereo|c0=c0|c1=0*c0'],
      ...['-c:a', 'libopus', '-b:a', '128k', '-f', 'webm', 'pipe:1'],
    ]);
    const ready = await withRendition(await publish(alice, { title: 'bursts' }, stereo), alice);
    const file = path.join(workDir, 'bursts.m4a');
    await writeFile(file, (await get(ready.audioUrl, alice)).rawPayload);
    const loudness = await measureLoudness(file);
    expect(loudness.truePeakDb).toBeLessThanOrEqual(-1);
    expect(loudness.integratedLufs).toBeGreaterThan(-17.5);
    expect(loudness.integratedLufs).toBeLessThan(-14.5);
    expect(await describeAudioStream(file)).toMatch(/^Audio: aac.*, mono,/);
  });

  it('measures the original again when the analysis’s measurements are gone, as for audio stored before them', async () => {
    const post = await withRendition(await publish(alice, { title: 'older' }), alice);
    const asset = (await audioAssetOf(post.id))!;
    const assetObjects = () => keysUnder(testApp.context.blobs, `audio/${asset.id}/`);
    await waitFor(async () => ((await assetObjects()).length === 2 ? true : undefined), 10_000, 'tidy-up');
    // Back to how an asset looked before its rendition, minus the measurements this version keeps.
    await testApp.context.db
      .updateTable('audio_assets')
      .set({ rendition_key: null, rendition_mime: null })
      .where('id', '=', asset.id)
      .execute();
    await testApp.context.blobs.delete(`audio/${asset.id}/speech.m4a`);

    expect(
      await testApp.context.jobHandlers['media.render-speech'](
        { assetId: asset.id },
        { signal: new AbortController().signal },
      ),
    ).toBe('done');
    const again = (await get(`/api/posts/${post.id}`, alice)).json() as Post;
    expect(again.audioSources.map((source) => source.mimeType)).toEqual(['audio/mp4', 'audio/webm']);
    const file = path.join(workDir, 'measured-again.m4a');
    await writeFile(file, (await get(again.audioUrl, alice)).rawPayload);
    expect((await measureLoudness(file)).truePeakDb).toBeLessThanOrEqual(-1);
  });

  it('serves the high-resolution peaks to whoever may see the post', async () => {
    const post = await publish(alice);
    const peaks = await get(post.peaksUrl, bob);
    expect(peaks.statusCode).toBe(200);
    const body = peaks.json() as { peaksPerSecond: number; peaks: number[] };
    expect(body.peaksPerSecond).toBe(20);
    expect(body.peaks.length).toBeGreaterThanOrEqual(39);
    expect(body.peaks.length).toBeLessThanOrEqual(41);
  });
});

describe(`visibility on ${databaseKind}`, () => {
  it('shows private posts and diary entries to their owner only, everywhere', async () => {
    const privatePost = await publish(alice, { title: 'just me', isPrivate: 'true' });
    const diary = await publish(alice, { title: 'dear diary' }, webm2s, '/api/diary');
    expect(diary).toMatchObject({ type: 'diary', isDraft: true, isPrivate: true });
    const publicPost = await publish(alice, { title: 'hello world' });

    for (const url of ['/api/feed', '/api/posts', `/api/posts/user/${alice.user.id}`]) {
      const ids = ((await get(url, bob)).json() as Post[]).map((post) => post.id);
      expect(ids, url).toContain(publicPost.id);
      expect(ids, url).not.toContain(privatePost.id);
      expect(ids, url).not.toContain(diary.id);
    }
    const ownIds = ((await get(`/api/posts/user/${alice.user.id}`, alice)).json() as Post[]).map(
      (post) => post.id,
    );
    expect(ownIds).toEqual(expect.arrayContaining([privatePost.id, diary.id, publicPost.id]));
    const feedIds = ((await get('/api/feed', alice)).json() as Post[]).map((post) => post.id);
    expect(feedIds).not.toContain(diary.id);

    for (const item of [privatePost, diary]) {
      for (const who of [bob, undefined]) {
        for (const url of [`/api/posts/${item.id}`, item.audioUrl, item.peaksUrl]) {
          const response = await get(url, who);
          expect(response.statusCode, url).toBe(404);
          expect(response.body).not.toContain(item.title);
        }
      }
      expect((await get(item.audioUrl, alice)).statusCode).toBe(200);
      expect((await get(item.audioUrl, alice)).headers['cache-control']).toBe('private, no-cache');
    }
    expect(((await get('/api/diary', bob)).json() as Post[]).map((post) => post.id)).not.toContain(diary.id);
    expect(((await get('/api/diary', alice)).json() as Post[]).map((post) => post.id)).toContain(diary.id);

    const counts = (await get(`/api/users/${alice.user.id}`, bob)).json();
    const publicCount = ((await get(`/api/posts/user/${alice.user.id}?limit=100`, bob)).json() as Post[])
      .length;
    expect(counts.postCount).toBe(publicCount);
  });

  it('opens a public post to a signed-out visitor with a share link', async () => {
    const post = await publish(alice, { title: 'for everyone' });
    const response = await get(`/api/posts/${post.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().title).toBe('for everyone');
    expect((await get(post.audioUrl)).statusCode).toBe(200);
  });

  it('lets only the owner extend, edit or delete', async () => {
    const publicPost = await publish(alice);
    const privateDraft = await publish(alice, {}, webm2s, '/api/diary');
    const attempts = [
      () => upload(bob, 'POST', `/api/posts/${publicPost.id}/extend`, {}, [audioPart(webm2s)]),
      () => upload(bob, 'PUT', `/api/posts/${publicPost.id}`, { isExtending: 'true' }, [audioPart(webm2s)]),
      () =>
        testApp.app.inject({
          method: 'DELETE',
          url: `/api/posts/${publicPost.id}`,
          headers: { cookie: bob.cookie },
        }),
    ];
    for (const attempt of attempts) expect((await attempt()).statusCode).toBe(403);
    const hidden = [
      () => upload(bob, 'POST', `/api/posts/${privateDraft.id}/extend`, {}, [audioPart(webm2s)]),
      () => upload(bob, 'PUT', `/api/diary/${privateDraft.id}`, { isExtending: 'true' }, [audioPart(webm2s)]),
      () => upload(bob, 'PUT', '/api/diary', { draftId: privateDraft.id }, [audioPart(webm2s)]),
      () =>
        testApp.app.inject({
          method: 'DELETE',
          url: `/api/diary/${privateDraft.id}`,
          headers: { cookie: bob.cookie },
        }),
      () =>
        testApp.app.inject({
          method: 'DELETE',
          url: `/api/posts/${privateDraft.id}`,
          headers: { cookie: bob.cookie },
        }),
    ];
    for (const attempt of hidden) expect((await attempt()).statusCode).toBe(404);
    expect((await get(`/api/posts/${publicPost.id}`, alice)).json().duration).toBeCloseTo(
      publicPost.duration,
      3,
    );
    expect((await get(`/api/posts/${privateDraft.id}`, alice)).statusCode).toBe(200);
    expect(await tempFiles()).toEqual([]);
  });
});

describe(`extending, editing and deleting on ${databaseKind}`, () => {
  it('appends audio on the server, re-measures it and replaces the files', async () => {
    const post = await publish(alice, { title: 'part one' });
    const oneSecond = await streamedTone({ seconds: 1, format: 'wav', codecArgs: [], frequency: 880 });
    const response = await upload(alice, 'POST', `/api/posts/${post.id}/extend`, { duration: '1' }, [
      audioPart(oneSecond, 'extension.webm'),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const extended = response.json() as Post;
    expect(extended.duration).toBeCloseTo(3, 1);
    expect(extended.title).toBe('part one');
    expect(extended.audioUrl).not.toBe(post.audioUrl);
    expect(extended.waveformData).toHaveLength(100);
    expect((await get(post.audioUrl, alice)).statusCode).toBe(404);
    expect((await get(extended.audioUrl, alice)).statusCode).toBe(200);
  });

  it('extends a draft through PUT and edits a draft’s audio and title through PUT /api/diary', async () => {
    const draft = await publish(alice, { title: 'draft' }, webm2s, '/api/diary');
    const extended = await upload(
      alice,
      'PUT',
      `/api/diary/${draft.id}`,
      { draftId: draft.id, isExtending: 'true' },
      [audioPart(webm2s)],
    );
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().duration).toBeCloseTo(4, 1);

    const edited = await upload(
      alice,
      'PUT',
      '/api/diary',
      { draftId: draft.id, title: 'edited', category: 'Draft', isDiary: 'true' },
      [
        audioPart(
          await streamedTone({ seconds: 1, format: 'wav', codecArgs: [] }),
          'edited.wav',
          'audio/wav',
        ),
      ],
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      id: draft.id,
      title: 'edited',
      category: 'Draft',
      isPrivate: true,
    });
    expect(edited.json().duration).toBeCloseTo(1, 1);
  });

  it('deletes the row, every file and the rendition', async () => {
    const post = await publish(alice, { title: 'short-lived' });
    const asset = await waitFor(
      async () => {
        const row = await audioAssetOf(post.id);
        return row?.rendition_key ? row : undefined;
      },
      60_000,
      'the rendition',
    );
    const assetObjects = () => keysUnder(testApp.context.blobs, `audio/${asset.id}/`);
    // The rendition job lets go of the analysis's measurements once the rendition is on record.
    const stored = await waitFor(
      async () => {
        const keys = await assetObjects();
        return keys.length === 2 ? keys : undefined;
      },
      10_000,
      'the rendition job to tidy up',
    );
    expect(stored).toEqual([`audio/${asset.id}/original.webm`, `audio/${asset.id}/speech.m4a`]);

    const response = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/posts/${post.id}`,
      headers: { cookie: alice.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect((await get(`/api/posts/${post.id}`, alice)).statusCode).toBe(404);
    expect(await assetObjects()).toEqual([]);
    const leftovers = await testApp.context.db
      .selectFrom('audio_assets')
      .select('id')
      .where('id', '=', asset.id)
      .execute();
    expect(leftovers).toEqual([]);
  });
});

describe(`lists on ${databaseKind}`, () => {
  it('pages the feed newest first with a Link header and keeps pages bounded', async () => {
    const lister = await signUp(testApp.app);
    const mine = [];
    for (let i = 0; i < 3; i += 1) mine.push((await publish(lister, { title: `n${i}` })).id);
    const first = await get('/api/feed?limit=2', lister);
    expect(first.statusCode).toBe(200);
    expect((first.json() as Post[]).map((post) => post.id)).toEqual([mine[2], mine[1]]);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link as string)?.[1];
    expect(next).toMatch(/^\/api\/feed\?limit=2&cursor=/);
    const second = await get(next!, lister);
    expect((second.json() as Post[])[0]!.id).toBe(mine[0]);
    expect((await get('/api/feed?limit=101', lister)).statusCode).toBe(400);
  });

  it("pages everyone's published posts with the viewer's own private ones interleaved, none lost or repeated", async () => {
    const viewer = await signUp(testApp.app);
    const other = await signUp(testApp.app);
    for (let round = 0; round < 3; round += 1) {
      await publish(viewer, { title: `own private ${round}`, isPrivate: 'true' });
      await publish(other, { title: `their public ${round}` });
      await publish(other, { title: `their private ${round}`, isPrivate: 'true' });
      await publish(viewer, { title: `own public ${round}` });
    }
    await publish(viewer, { title: 'own diary' }, webm2s, '/api/diary');

    const listed: string[] = [];
    for (let url: string | undefined = '/api/posts?limit=2'; url;) {
      const response = await get(url, viewer);
      expect(response.statusCode).toBe(200);
      listed.push(...(response.json() as Post[]).map((post) => post.id));
      url = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''))?.[1];
    }
    const visible = await testApp.context.db
      .selectFrom('posts')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('is_private', '=', 0), eb('is_draft', '=', 0)]),
          eb('user_id', '=', viewer.user.id),
        ]),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(listed).toEqual(visible.map((post) => post.id));
    expect(listed).toHaveLength(new Set(listed).size);
  });

  it('leaves bot and test accounts out of the feed, everyone’s posts and the people list (spec §5)', async () => {
    const viewer = await signUp(testApp.app, { firstName: 'Vera' });
    const byEmail = await signUp(testApp.app, { email: uniqueEmail('testbot'), firstName: 'Quiet' });
    const byName = await signUp(testApp.app, { firstName: 'Test', lastName: 'TestBot' });
    const person = await signUp(testApp.app, { firstName: 'Pat' });
    const testPosts = [(await publish(byEmail)).id, (await publish(byName)).id];
    const real = (await publish(person)).id;
    const fake = await testApp.app.inject({
      method: 'POST',
      url: '/api/create-fake-user',
      headers: { cookie: viewer.cookie },
    });
    const botId = (fake.json() as { user: { id: string } }).user.id;

    const ids = async (url: string, who = viewer) => {
      const response = await get(url, who);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as Array<{ id: string }>).map((item) => item.id);
    };
    for (const url of ['/api/feed?limit=100', '/api/posts?limit=100']) {
      const listed = await ids(url);
      expect(listed).toContain(real);
      expect(listed.filter((id) => testPosts.includes(id))).toEqual([]);
    }
    const people = await ids('/api/users?limit=100');
    expect(people).toContain(person.user.id);
    expect(people.filter((id) => [byEmail.user.id, byName.user.id, botId].includes(id))).toEqual([]);
    // A test account still sees its own posts among everyone's.
    expect(await ids('/api/posts?limit=100', byEmail)).toContain(testPosts[0]);
  });
});

describe(`autosave on ${databaseKind}`, () => {
  async function sendChunks(who: SignedIn, sessionId: string, recording: Buffer, pieces: number) {
    const size = Math.ceil(recording.length / pieces);
    for (let index = 0; index < pieces; index += 1) {
      const chunk = recording.subarray(index * size, (index + 1) * size);
      const response = await upload(
        who,
        'POST',
        '/api/recordings/autosave',
        {
          sessionId,
          chunkNumber: String(index),
          totalDuration: String((index + 1) * 10),
        },
        [audioPart(chunk, 'chunk.webm')],
      );
      expect(response.statusCode, response.body).toBe(200);
    }
  }

  async function ageSessions(who: SignedIn) {
    const longAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await testApp.context.db
      .updateTable('autosave_sessions')
      .set({ last_chunk_at: longAgo })
      .where('user_id', '=', who.user.id)
      .execute();
  }

  it('turns a recording never published within 24 hours into a private "Recovered recording" draft', async () => {
    const writer = await signUp(testApp.app);
    const recording = await streamedTone({ seconds: 3, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
    await sendChunks(writer, 'crashed-session', recording, 3);
    await sendChunks(writer, 'crashed-session', recording.subarray(0, 10), 0);

    expect((await get('/api/diary', writer)).json()).toEqual([]);
    await ageSessions(writer);
    await testApp.context.autosave.recoverAbandoned();

    const drafts = (await get('/api/diary', writer)).json() as Post[];
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({
      title: 'Recovered recording',
      type: 'diary',
      isPrivate: true,
      isDraft: true,
    });
    expect(drafts[0]!.duration).toBeCloseTo(3, 0);
    expect((await get(`/api/posts/${drafts[0]!.id}`, bob)).statusCode).toBe(404);

    await testApp.context.autosave.recoverAbandoned();
    expect((await get('/api/diary', writer)).json()).toHaveLength(1);
    const chunks = await testApp.context.db
      .selectFrom('autosave_chunks')
      .select('storage_key')
      .where('user_id', '=', writer.user.id)
      .execute();
    expect(chunks).toEqual([]);
  });

  it('does not recover a recording that was published', async () => {
    const writer = await signUp(testApp.app);
    const recording = await streamedTone({ seconds: 2, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
    await sendChunks(writer, 'published-session', recording, 2);
    await publish(writer, { sessionId: 'published-session' }, recording);
    await ageSessions(writer);
    await testApp.context.autosave.recoverAbandoned();
    expect((await get('/api/diary', writer)).json()).toEqual([]);
  });

  it('does not recover takes that an edit saved into a draft', async () => {
    const writer = await signUp(testApp.app);
    const draft = await publish(writer, { title: 'Diary' }, webm2s, '/api/diary');
    const recording = await streamedTone({ seconds: 2, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
    await sendChunks(writer, 'edit-session', recording, 2);
    const edited = await upload(
      writer,
      'PUT',
      '/api/diary',
      { draftId: draft.id, sessionId: 'edit-session' },
      [audioPart(recording)],
    );
    expect(edited.statusCode, edited.body).toBe(200);
    await ageSessions(writer);
    await testApp.context.autosave.recoverAbandoned();
    expect(((await get('/api/diary', writer)).json() as Post[]).map((each) => each.title)).toEqual(['Diary']);
  });

  it('does not recover a recording the person discarded', async () => {
    const writer = await signUp(testApp.app);
    const recording = await streamedTone({ seconds: 2, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
    await sendChunks(writer, 'discarded-session', recording, 2);
    const discarded = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/recordings/autosave/discarded-session',
      headers: { cookie: writer.cookie },
    });
    expect(discarded.statusCode).toBe(200);
    await ageSessions(writer);
    await testApp.context.autosave.recoverAbandoned();
    expect((await get('/api/diary', writer)).json()).toEqual([]);
    const chunks = await testApp.context.db
      .selectFrom('autosave_chunks')
      .select('storage_key')
      .where('user_id', '=', writer.user.id)
      .execute();
    expect(chunks).toEqual([]);
  });

  it('explains a chunk without a session id', async () => {
    const response = await upload(alice, 'POST', '/api/recordings/autosave', { chunkNumber: '0' }, [
      audioPart(webm2s),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/sessionId/);
  });
});

describe(`chapters on ${databaseKind}`, () => {
  const putChapters = (who: SignedIn, postId: string, chapters: unknown) =>
    testApp.app.inject({
      method: 'PUT',
      url: `/api/posts/${postId}/chapters`,
      headers: { cookie: who.cookie },
      payload: { chapters },
    });

  it('saves the owner’s chapters in time order, clamped to the recording', async () => {
    const post = await publish(alice);
    const response = await putChapters(alice, post.id, [
      { id: 'chapter-2', title: ' Outro ', time: 99 },
      { id: 'chapter-1', title: 'Intro', description: 'Hello', time: 0 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const chapters = (response.json() as Post).chapters;
    expect(chapters.map((chapter) => chapter.title)).toEqual(['Intro', 'Outro']);
    expect(chapters[1]!.time).toBeCloseTo(post.duration, 3);
    expect((await get(`/api/posts/${post.id}`, bob)).json().chapters).toHaveLength(2);
  });

  it('refuses chapters from anyone else and explains an empty title', async () => {
    const post = await publish(alice);
    const draft = await publish(alice, {}, webm2s, '/api/diary');
    expect((await putChapters(bob, post.id, [])).statusCode).toBe(403);
    expect((await putChapters(bob, draft.id, [])).statusCode).toBe(404);
    const empty = await putChapters(alice, post.id, [{ id: 'chapter-1', title: '  ', time: 1 }]);
    expect(empty.statusCode).toBe(400);
  });
});
