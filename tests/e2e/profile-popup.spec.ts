import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { randomBytes } from 'node:crypto';
import { streamedTone } from '../support/audio';
import { expectNoSeriousA11yViolations, publishPost, signUpQuickly } from './support';

/**
 * Spec §2 user profile popup: an author's name on Home opens their avatar (ringed for a voice bio), name, bio and
 * voice bio player, Follow ("Loading..." while pending, spec §4) and View Profile. And spec-audit #6: the post
 * modal shows saved chapters at once.
 */

const WAIT = { timeout: 15_000 };

async function giveVoiceBio(page: Page): Promise<void> {
  const buffer = await streamedTone({
    seconds: 3,
    format: 'webm',
    codecArgs: ['-c:a', 'libopus', '-b:a', '48k'],
    gainDb: 6,
  });
  const response = await page.request.post('/api/voice-bio', {
    multipart: {
      voiceBio: { name: 'voice-bio.webm', mimeType: 'audio/webm', buffer },
      duration: '3',
    },
    timeout: 30_000,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

test('an author’s name on Home opens their profile popup: bio, voice bio, Follow, View Profile', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(120_000);
  const authorPage = await (await browser.newContext({ baseURL })).newPage();
  const bella = await signUpQuickly(authorPage, 'Bella', 'Popup');
  const bio = `I record birdsong at dawn ${randomBytes(2).toString('hex')}.`;
  expect((await authorPage.request.put('/api/profile', { data: { bio } })).status()).toBe(200);
  await giveVoiceBio(authorPage);
  const post = await publishPost(authorPage.request, {
    title: `Popup: the dawn chorus ${randomBytes(3).toString('hex')}`,
    seconds: 3,
  });

  await signUpQuickly(page, 'Vera', 'Viewer');
  await page.goto('/');
  const card = page.locator('#new-posts').getByRole('article', { name: post.title });
  const name = card.getByRole('button', { name: 'Bella Popup', exact: true });
  await expect(name).toBeVisible(WAIT);

  await test.step('Enter on the name opens it; Escape closes it and gives the focus back', async () => {
    await name.focus();
    await page.keyboard.press('Enter');
    const popup = page.getByRole('dialog', { name: 'Bella Popup' });
    await expect(popup).toBeVisible();
    await expect(popup).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(name).toBeFocused();
  });

  const popup = page.getByRole('dialog', { name: 'Bella Popup' });
  await test.step('a click opens it: handle, bio, the voice bio player and its ring', async () => {
    await name.click();
    await expect(popup.getByText(`@${bella.username}`, { exact: true })).toBeVisible();
    await expect(popup.getByText(bio, { exact: true })).toBeVisible(WAIT);
    await expect(popup.getByRole('button', { name: "Play Bella Popup's voice bio" })).toBeVisible(WAIT);
    await expect(popup.locator('[data-voice-bio]')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '[role="dialog"]', 'the profile popup');
  });

  await test.step('Follow shows "Loading..." while the server answers, then "Following"', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/follows', async (route) => {
      await answered;
      await route.continue();
    });
    await popup.getByRole('button', { name: 'Follow Bella Popup' }).click();
    await expect(popup.getByRole('button', { name: 'Loading... Bella Popup' })).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Following Bella Popup' })).toHaveCount(0);
    release();
    await expect(popup.getByRole('button', { name: 'Following Bella Popup' })).toBeVisible(WAIT);
    await page.unroute('**/api/follows');
  });

  await test.step('View Profile goes to their profile', async () => {
    await popup.getByRole('link', { name: 'View Profile' }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${bella.id}$`), WAIT);
    await expect(page.getByRole('heading', { level: 1, name: 'Bella Popup' })).toBeVisible(WAIT);
    await expect(popup).toBeHidden();
  });
});

test('the post modal shows the chapters just saved, without opening it again', async ({ page }) => {
  await signUpQuickly(page, 'Cleo', 'Chapters');
  const post = await publishPost(page.request, {
    title: `Chapters in the modal ${randomBytes(3).toString('hex')}`,
    seconds: 6,
  });
  await page.goto('/profile');
  // Pods is the profile's default tab; a voice post is under Posts.
  await page.getByRole('tab', { name: 'Posts' }).click();
  await page
    .getByRole('tabpanel', { name: 'Posts' })
    .getByRole('article', { name: post.title })
    .getByRole('button', { name: post.title, exact: true })
    .click();
  const modal = page.getByRole('dialog', { name: post.title });
  await expect(modal).toBeVisible(WAIT);

  // Over the modal too: the author's popup (no Follow for oneself); Escape closes the popup, not the modal.
  await modal.getByRole('button', { name: 'Cleo Chapters', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'Cleo Chapters' });
  await expect(popup).toBeFocused();
  await expect(popup.getByRole('link', { name: 'View Profile' })).toBeVisible();
  await expect(popup.getByRole('button', { name: /^Follow/ })).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(popup.getByRole('link', { name: 'View Profile' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(modal).toBeVisible();

  await modal.getByRole('button', { name: 'Add chapters' }).click();
  const editor = page.getByRole('dialog', { name: 'Chapters', exact: true });
  await editor.getByLabel('Chapter title').fill('Intro');
  await editor.getByLabel('Time (MM:SS)').fill('00:00');
  await editor.getByRole('button', { name: 'Add', exact: true }).click();
  await editor.getByRole('button', { name: 'Save chapters' }).click();
  await expect(editor).toBeHidden(WAIT);

  const chapters = modal.getByRole('region', { name: 'Chapters', exact: true });
  await expect(chapters.getByRole('button')).toContainText(['0:00Intro'], WAIT);

  // A second save shows at once too, and the grid's own copy has them when the modal is opened again.
  await modal.getByRole('button', { name: 'Edit chapters' }).click();
  await editor.getByLabel('Chapter title').fill('Outro');
  await editor.getByLabel('Time (MM:SS)').fill('00:04');
  await editor.getByRole('button', { name: 'Add', exact: true }).click();
  await editor.getByRole('button', { name: 'Save chapters' }).click();
  await expect(chapters.getByRole('button')).toContainText(['0:00Intro', '0:04Outro'], WAIT);
});
