import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { formatDuration } from '../../src/client/lib/format';
import type { Post } from '../../src/shared/contract/posts';
import type { UserStats } from '../../src/shared/contract/stats';
import { expectNoSeriousA11yViolations, publishPost, signUpQuickly, timerReaches } from './support';

/** The player and post cards against the real server: playback, one-at-a-time, seeking, owner actions. */

function toasts(page: Page): Locator {
  return page.getByRole('region', { name: /Notifications/ });
}

function currentTime(scope: Locator): Locator {
  return scope.getByTestId('player-current-time');
}

async function secondsShown(scope: Locator): Promise<number> {
  const [minutes = '0', seconds = '0'] = ((await currentTime(scope).textContent()) ?? '0:00').split(':');
  return Number(minutes) * 60 + Number(seconds);
}

const publish = (
  request: APIRequestContext,
  fields: Omit<Parameters<typeof publishPost>[1], 'seconds'> & { seconds?: number },
) => publishPost(request, { seconds: 6, ...fields });

test('a post plays, time advances, and starting a second one pauses the first', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpQuickly(page, 'Pia', 'Player');
  const first = await publish(page.request, { title: 'One at a time: first', seconds: 8 });
  const second = await publish(page.request, { title: 'One at a time: second', seconds: 8 });
  await page.goto('/');

  const firstCard = page.locator('#new-posts').getByRole('article', { name: first.title });
  const secondCard = page.locator('#new-posts').getByRole('article', { name: second.title });
  await firstCard.getByRole('button', { name: `Play ${first.title}` }).click();
  await expect(firstCard.getByRole('button', { name: `Pause ${first.title}` })).toBeVisible();
  await expect.poll(() => secondsShown(firstCard), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);

  await secondCard.getByRole('button', { name: `Play ${second.title}` }).click();
  await expect(secondCard.getByRole('button', { name: `Pause ${second.title}` })).toBeVisible();
  await expect(firstCard.getByRole('button', { name: `Play ${first.title}` })).toBeVisible();
  await expect.poll(() => secondsShown(secondCard), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  const playing = await page.evaluate(
    () => [...document.querySelectorAll('audio')].filter((audio) => !audio.paused).length,
  );
  expect(playing).toBe(1);
});

test('the full player seeks by click and keyboard, remembers the speed, and passes axe', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpQuickly(page);
  const post = await publish(page.request, {
    title: 'Seek me',
    seconds: 10,
    transcription: 'one two three four five six seven eight nine ten',
  });
  await page.goto(`/posts/${post.id}`);

  const player = page.getByRole('group', { name: `Player: ${post.title}` });
  const seekBar = player.getByRole('slider', { name: `Seek ${post.title}` });
  await expect(seekBar).toHaveAttribute('aria-valuetext', '0:00 of 0:10');

  // Click the middle of the waveform.
  const box = await seekBar.boundingBox();
  if (!box) throw new Error('the seek bar has no box');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(seekBar).toHaveAttribute('aria-valuenow', '5');
  await expect(seekBar).toHaveAttribute('aria-valuetext', '0:05 of 0:10');
  await expect(currentTime(player)).toHaveText('0:05');

  // Keyboard: arrows move 5 s, Home and End jump.
  await seekBar.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(seekBar).toHaveAttribute('aria-valuenow', '0');
  await page.keyboard.press('End');
  await expect(seekBar).toHaveAttribute('aria-valuenow', '10');
  await page.keyboard.press('Home');
  await expect(seekBar).toHaveAttribute('aria-valuenow', '0');

  // Space on the seek bar plays; the time advances.
  await page.keyboard.press(' ');
  await expect(player.getByRole('button', { name: `Pause ${post.title}` })).toBeVisible();
  await expect.poll(() => secondsShown(player), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  await player.getByRole('button', { name: `Pause ${post.title}` }).click();

  // A transcript word seeks to where it is spoken.
  const transcript = page.getByRole('group', { name: 'Transcript' });
  await transcript.getByRole('button', { name: 'six', exact: true }).click();
  await expect(seekBar).toHaveAttribute('aria-valuenow', /^[45]$/);

  // Speed cycles and is remembered.
  await player.getByRole('button', { name: 'Playback speed 1×' }).click();
  await expect(player.getByRole('button', { name: 'Playback speed 1.25×' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'main', 'the post page player');
  await page.reload();
  await expect(
    page
      .getByRole('group', { name: `Player: ${post.title}` })
      .getByRole('button', { name: 'Playback speed 1.25×' }),
  ).toBeVisible();
});

test('a long pod picks up where the listener left off', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpQuickly(page);
  const pod = await publish(page.request, { title: 'A long pod', type: 'episode', seconds: 310 });
  await page.goto(`/posts/${pod.id}`);
  const player = page.getByRole('group', { name: `Player: ${pod.title}` });
  const seekBar = player.getByRole('slider', { name: `Seek ${pod.title}` });
  await player.getByRole('button', { name: `Play ${pod.title}` }).click();
  await expect(player.getByRole('button', { name: `Pause ${pod.title}` })).toBeVisible();
  const box = await seekBar.boundingBox();
  if (!box) throw new Error('the seek bar has no box');
  await page.mouse.click(box.x + box.width * 0.4, box.y + box.height / 2);
  await expect(currentTime(player)).toHaveText(/^2:\d\d$/);
  await player.getByRole('button', { name: `Pause ${pod.title}` }).click();
  await expect(player.getByRole('button', { name: `Play ${pod.title}` })).toBeVisible();
  // Where the pause left it, which under load may be seconds after the seek: the server keeps that place.
  const pausedAt = await secondsShown(player);
  expect(pausedAt).toBeGreaterThanOrEqual(120);
  const keptAt = async () => {
    const response = await page.request.get(`/api/posts/${pod.id}`);
    return ((await response.json()) as Post).listening?.resumeAt ?? 0;
  };
  // The time shown is whole seconds, and may be a frame behind the pause.
  const keptAtPause = (seconds: number) => seconds >= pausedAt && seconds < pausedAt + 2;
  await expect.poll(async () => keptAtPause(await keptAt()), { timeout: 5_000 }).toBe(true);
  const kept = await keptAt();

  await page.reload();
  const again = page.getByRole('group', { name: `Player: ${pod.title}` });
  await again.getByRole('button', { name: `Play ${pod.title}` }).click();
  await expect(again.getByText(`Picked up where you left off, at ${formatDuration(kept)}.`)).toBeVisible();
  await expect.poll(() => secondsShown(again), { timeout: 10_000 }).toBeGreaterThanOrEqual(Math.floor(kept));
});

test('the owner adds a chapter, which is saved on the server', async ({ page }) => {
  await signUpQuickly(page);
  const post = await publish(page.request, { title: 'With chapters', seconds: 6 });
  await page.goto(`/posts/${post.id}`);
  await page.getByRole('button', { name: 'Add chapters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Chapters' });
  await expect(dialog.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await dialog.getByLabel('Chapter title').fill('  Intro  ');
  await dialog.getByLabel('Time (MM:SS)').fill('00:99');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.getByLabel('Chapter title').fill('Ending');
  await dialog.getByLabel('Time (MM:SS)').fill('09:00');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expectNoSeriousA11yViolations(page, '[role="dialog"]', 'the chapter editor');
  await dialog.getByRole('button', { name: 'Save chapters' }).click();
  await expect(toasts(page)).toContainText('Chapters saved');
  await expect(dialog).toBeHidden();

  const chapters = page.getByRole('region', { name: 'Chapters' });
  await expect(chapters.getByRole('button')).toContainText(['0:00Intro', '0:06Ending']);
  const saved = (await (await page.request.get(`/api/posts/${post.id}`)).json()) as Post;
  expect(saved.chapters.map(({ title, time }) => ({ title, time }))).toEqual([
    { title: 'Intro', time: 0 },
    { title: 'Ending', time: 6 },
  ]);
  expect(saved.chapters[0]?.id).toMatch(/^chapter-\d+$/);
});

test('the owner deletes a post from its menu', async ({ page }) => {
  await signUpQuickly(page);
  const post = await publish(page.request, { title: 'Short-lived', seconds: 3 });
  await page.goto('/');
  const card = page.locator('#new-posts').getByRole('article', { name: post.title });
  await card.getByRole('button', { name: `Options for ${post.title}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Extend Post' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Delete Post' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this post?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toasts(page)).toContainText('Post deleted');
  await expect(card).toHaveCount(0);
  expect((await page.request.get(`/api/posts/${post.id}`)).status()).toBe(404);
});

test('others’ posts have no owner actions, and the share link is copied', async ({ browser, baseURL }) => {
  const owner = await browser.newContext({ baseURL });
  const ownerPage = await owner.newPage();
  await signUpQuickly(ownerPage, 'Omar', 'Owner');
  const post = await publish(ownerPage.request, { title: 'Share me', seconds: 3 });
  await owner.close();

  const context = await browser.newContext({ baseURL, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await signUpQuickly(page);
  await page.goto(`/posts/${post.id}`);
  await page.getByRole('button', { name: 'Copy link', exact: true }).click();
  await expect(toasts(page)).toContainText('Link Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/posts/${post.id}`);
  // Their menu offers a report, never the owner's Extend or Delete.
  await page.getByRole('button', { name: `Options for ${post.title}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Report' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Extend Post|Delete Post/ })).toHaveCount(0);
  await context.close();
});

test('a signed-out visitor opens a public post by its link and plays it', async ({ browser, baseURL }) => {
  const owner = await browser.newContext({ baseURL });
  const ownerPage = await owner.newPage();
  await signUpQuickly(ownerPage);
  const post = await publish(ownerPage.request, { title: 'For everyone', seconds: 6 });
  await owner.close();

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  for (const link of [`/posts/${post.id}`, `/post/${post.id}`]) {
    await page.goto(link);
    await expect(page.getByRole('heading', { name: post.title, level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  }
  const player = page.getByRole('group', { name: `Player: ${post.title}` });
  await player.getByRole('button', { name: `Play ${post.title}` }).click();
  await expect.poll(() => secondsShown(player), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  await expectNoSeriousA11yViolations(page, 'main', 'the public post page');

  await page.goto('/posts/no-such-post');
  await expect(page.getByText('This post isn’t available')).toBeVisible();
  await context.close();
});

test('a listen counts once 5 seconds have been heard, with the time listened', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const owner = await browser.newContext({ baseURL });
  const ownerPage = await owner.newPage();
  const author = await signUpQuickly(ownerPage, 'Lena', 'Listened');
  const post = await publish(ownerPage.request, { title: 'Heard to the end', seconds: 8 });
  const stats = async () =>
    (await (await ownerPage.request.get(`/api/users/${author.id}/stats`)).json()) as UserStats;

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signUpQuickly(page, 'Leo', 'Listener');
  await page.goto(`/posts/${post.id}`);
  const player = page.getByRole('group', { name: `Player: ${post.title}` });
  await player.getByRole('button', { name: `Play ${post.title}` }).click();
  await expect.poll(async () => (await stats()).listens, { timeout: 15_000 }).toBe(1);

  // Heard to the end: the rest of the listening is reported too, without counting a second listen.
  await expect(player.getByRole('button', { name: `Play ${post.title}` })).toBeVisible({ timeout: 15_000 });
  await expect.poll(async () => (await stats()).listeningSeconds, { timeout: 10_000 }).toBeGreaterThan(6.5);
  expect((await stats()).listeningSeconds).toBeLessThanOrEqual(8.5);
  expect((await stats()).listens).toBe(1);
  await context.close();
  await owner.close();
});

test('the owner extends a post from its menu and sees its duration grow', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpQuickly(page);
  const post = await publish(page.request, { title: 'Growing', seconds: 3 });
  await page.goto('/');
  const card = page.locator('#new-posts').getByRole('article', { name: post.title });
  await expect(card).toContainText('0:03');

  await card.getByRole('button', { name: `Options for ${post.title}` }).click();
  await page.getByRole('menuitem', { name: 'Extend Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Extend Post' });
  await dialog.getByRole('button', { name: 'Start recording' }).click();
  await timerReaches(dialog.getByRole('timer'), 3, 20_000);
  await dialog.getByRole('button', { name: 'Stop recording' }).click();
  await dialog.getByRole('button', { name: 'Add to post' }).click();
  await expect(toasts(page)).toContainText('Recording extended', { timeout: 30_000 });

  // The server's measure of the longer post, then the card showing it (a loaded machine may record past the timer's
  // 3 s before Stop lands, so the new length is read, not assumed).
  const after = (await (await page.request.get(`/api/posts/${post.id}`)).json()) as Post;
  expect(after.duration).toBeGreaterThan(post.duration + 2);
  await expect(card).toContainText(formatDuration(after.duration), { timeout: 10_000 });
});
