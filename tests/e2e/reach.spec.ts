import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { writtenTone } from '../support/audio';
import {
  controlledByServiceWorker,
  expectNoSeriousA11yViolations,
  publishPost,
  signUpQuickly,
} from './support';

/** Reaching people outside the app: links to a moment, the installable app offline, the share sheet. */

// The app offline and the share sheet go through its service worker, which the suite blocks elsewhere.
test.use({ serviceWorkers: 'allow' });

/** The post's own player (the page also holds the players of its comments). */
const playerAudio = (page: Page, title: string) =>
  page.getByRole('group', { name: `Player: ${title}` }).locator('audio');

const audioState = (page: Page, title: string) =>
  playerAudio(page, title).evaluate((audio: HTMLAudioElement) => ({
    time: audio.currentTime,
    paused: audio.paused,
  }));

/** Width and height from a PNG's header. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('a link to a moment opens the post playing from there, and the player copies such links', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpQuickly(page, 'Mo', 'Ment');
  const post = await publishPost(page.request, {
    title: 'A moment worth sharing',
    seconds: 30,
    transcription: 'Listen closely here, the good part starts now.',
  });

  await page.goto(`/posts/${post.id}?t=12`);
  await expect
    .poll(() => audioState(page, post.title), { timeout: 15_000 })
    .toMatchObject({ paused: false, time: expect.any(Number) });
  await expect
    .poll(async () => (await audioState(page, post.title)).time, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(12);
  expect((await audioState(page, post.title)).time).toBeLessThan(20);
  await expect(page.getByText('Playing from 0:12, where the link starts.')).toBeVisible();

  await page.getByRole('button', { name: `Pause ${post.title}` }).click();
  const at = Math.floor((await audioState(page, post.title)).time);
  await page.getByRole('button', { name: 'Copy link at current time' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Link Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${new URL(page.url()).origin}/posts/${post.id}?t=${at}`,
  );
  await expectNoSeriousA11yViolations(page, 'main', 'the post page with its moment links');

  // Nonsense is ignored: the post opens at the start, waiting.
  await page.goto(`/posts/${post.id}?t=-4`);
  await expect(page.getByRole('button', { name: `Play ${post.title}` })).toBeEnabled();
  expect(await audioState(page, post.title)).toEqual({ time: 0, paused: true });
});

test('where the browser refuses to start audio by itself, a link waits at its moment for one press', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Chromium here lets every page autoplay; this page gets the usual rule: no sound before the person acts.
  // (Playwright's pages count as activated from the start, so the test watches for a real press itself.)
  await page.addInitScript(() => {
    let pressed = false;
    for (const type of ['pointerdown', 'keydown'])
      window.addEventListener(type, () => (pressed = true), { capture: true, once: true });
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      return pressed
        ? play.call(this)
        : Promise.reject(new DOMException('The user has not interacted yet.', 'NotAllowedError'));
    };
  });
  await signUpQuickly(page, 'Wai', 'Ting');
  const post = await publishPost(page.request, { title: 'Press to hear it', seconds: 30 });

  await page.goto(`/posts/${post.id}?t=12`);
  await expect(page.getByText('Starts at 0:12. Press play to listen.')).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(() => audioState(page, post.title), { timeout: 10_000 })
    .toEqual({ time: 12, paused: true });

  await page.getByRole('button', { name: `Play ${post.title}` }).click();
  await expect.poll(() => audioState(page, post.title), { timeout: 15_000 }).toMatchObject({ paused: false });
  await expect
    .poll(async () => (await audioState(page, post.title)).time, { timeout: 15_000 })
    .toBeGreaterThan(12);
  expect((await audioState(page, post.title)).time).toBeLessThan(20);
});

test('the manifest makes the app installable: its fields, and icons of the sizes it states', async ({
  request,
}) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: 'Earshot',
    short_name: 'Earshot',
    start_url: '/',
    display: 'standalone',
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    share_target: { action: '/share-target', method: 'POST', enctype: 'multipart/form-data' },
  });
  expect(manifest.share_target.params.files[0].accept).toContain('audio/*');

  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of icons) {
    const image = await request.get(icon.src);
    expect(image.headers()['content-type']).toBe(icon.type);
    expect(pngSize(await image.body())).toBe(icon.sizes);
  }
  // The podcast feeds' artwork for people without a picture: square, as large as Apple Podcasts asks.
  expect(pngSize(await (await request.get('/icons/podcast-artwork.png')).body())).toBe('1400x1400');
  expect((await request.get('/')).ok()).toBe(true);
});

test('the service worker keeps the app shell: offline, a reload still opens the app and says it is offline', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signUpQuickly(page, 'Off', 'Line');
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await controlledByServiceWorker(page);
  await expect(page.getByText('You’re offline.')).toHaveCount(0);

  await context.setOffline(true);
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('status').getByText('You’re offline.')).toBeVisible();
  // Not the sign-in page: who is signed in is unknown until the connection is back.
  await expect(page.getByRole('heading', { name: 'Earshot needs a connection' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'body', 'the app offline');

  await context.setOffline(false);
  await expect(page.getByText('You’re offline.')).toHaveCount(0);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Discover' }).first()).toBeVisible({
    timeout: 10_000,
  });
});

test('offline, a screen never opened before still opens: the worker keeps the whole build', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signUpQuickly(page, 'Lazy', 'Screen');
  await page.goto('/');
  await controlledByServiceWorker(page);

  await context.setOffline(true);
  // A client-side move to a screen whose code this page has not loaded yet.
  await page.locator('a[href="/drafts"]').first().click();
  await expect(page.getByRole('heading', { name: 'Voice Drafts' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByRole('status').getByText('You’re offline.')).toBeVisible();
  await context.setOffline(false);
});

/**
 * What a phone's share sheet does with the manifest's share_target: a multipart POST of the file as a navigation
 * no page started (`Sec-Fetch-Site: none`), with the person's cookies. Playwright cannot open the OS share sheet,
 * so the POST goes through the page's own request context (its cookies) and the browser then opens where it leads.
 */
async function shareFromTheShareSheet(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const response = await page.request.post('/share-target', {
    multipart: { audio: file },
    headers: { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    maxRedirects: 0,
    timeout: 15_000,
  });
  expect(response.status()).toBe(303);
  await page.goto(response.headers()['location']!);
}

/** A short tone as a WAV file, as another app would share it. */
async function toneFile(name: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await writtenTone({ seconds: 2, frequency: 330, extension: 'wav', codecArgs: [] });
  return { name, mimeType: 'audio/wav', buffer };
}

/** A page on another site that posts a file to the share target, withholding its referrer, as a trap would. */
async function postFromAnotherSite(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const target = new URL('/share-target', page.url()).href;
  await page.route('http://trap.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<form method="post" action="${target}" enctype="multipart/form-data" referrerpolicy="no-referrer">
        <input type="file" name="audio" id="shared"></form>`,
    }),
  );
  await page.goto('http://trap.example/');
  await page.locator('#shared').setInputFiles(file);
  await Promise.all([
    page.waitForURL(target, { timeout: 10_000 }),
    page.locator('#shared').evaluate((input) => (input as HTMLInputElement).form!.submit()),
  ]);
}

test.describe('without the service worker (a first visit)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a share from the share sheet is kept by the server: the recorder opens it without any worker', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signUpQuickly(page, 'No', 'Worker');
    await page.goto('/');
    await shareFromTheShareSheet(page, await toneFile('Memo.wav'));
    const recorder = page.getByRole('region', { name: 'Recorder', exact: true });
    await expect(recorder.getByRole('heading', { name: 'Publish Voice Post' })).toBeVisible({
      timeout: 15_000,
    });
    expect(new URL(page.url()).search).toBe('');
  });

  test('offline, a screen whose code cannot load says it needs a connection, and opens once it is back', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await signUpQuickly(page, 'Not', 'Kept');
    await page.goto('/');
    // The signed-in shell first: offline before the app has heard who is signed in, it shows its offline page.
    const drafts = page.locator('a[href="/drafts"]').first();
    await expect(drafts).toBeVisible();
    await context.setOffline(true);
    await drafts.click();
    await expect(page.getByRole('heading', { name: 'This screen needs a connection' })).toBeVisible({
      timeout: 10_000,
    });
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Voice Drafts', level: 1 })).toBeVisible({
      timeout: 10_000,
    });
  });
});

test('audio shared from another app opens in the recorder’s Upload flow, taken once', async ({ page }) => {
  test.setTimeout(60_000);
  const wav = await writtenTone({ seconds: 3, frequency: 330, extension: 'wav', codecArgs: [] });
  await signUpQuickly(page, 'Sha', 'Ring');
  await page.goto('/');
  await controlledByServiceWorker(page);

  // Share sheets often give no audio type; the extension names it.
  await shareFromTheShareSheet(page, {
    name: 'Harbour sounds.wav',
    mimeType: 'application/octet-stream',
    buffer: wav,
  });

  const recorder = page.getByRole('region', { name: 'Recorder', exact: true });
  await expect(recorder.getByRole('heading', { name: 'Publish Voice Post' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(recorder.getByLabel('Title', { exact: true })).toHaveValue('Harbour sounds');
  // Taken once: the server keeps it no more.
  expect((await page.request.get('/api/shared-audio')).status()).toBe(404);
});

test('a page on another site that posts a file to the share target is refused, even through the worker', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpQuickly(page, 'Trap', 'Target');
  await page.goto('/');
  await controlledByServiceWorker(page);
  await postFromAnotherSite(page, await toneFile('Planted.wav'));
  await expect(page.getByRole('heading', { name: 'Nothing was shared' })).toBeVisible({ timeout: 10_000 });
  await expect(
    page.getByText("Earshot takes shared audio only from your device's share sheet."),
  ).toBeVisible();
  await page.goto('/');
  expect((await page.request.get('/api/shared-audio')).status()).toBe(404);
});
