import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Post } from '../../src/shared/contract/posts';
import { inEachThemeAndWidth, publishPost, signUpQuickly } from './support';

/** Issue 29: where a listener stopped follows them to their other devices, and what they heard is marked. */

/** What signUpQuickly gives every account. */
const PASSWORD = 'e2e password';

async function signIn(page: Page, email: string): Promise<void> {
  const response = await page.request.post('/api/login', {
    data: { email, password: PASSWORD },
    timeout: 15_000,
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function resumeAtOnServer(page: Page, postId: string): Promise<number | null> {
  const post = (await (await page.request.get(`/api/posts/${postId}`)).json()) as Post;
  return post.listening?.resumeAt ?? null;
}

test('a listener stops on one device, picks up there on another, and the post is marked heard', async ({
  browser,
  baseURL,
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const authorPage = await (await browser.newContext({ baseURL })).newPage();
  await signUpQuickly(authorPage, 'Rosa', 'Resume');
  const post = await publishPost(authorPage.request, { title: 'Twelve seconds on the harbour', seconds: 12 });

  const { email } = await signUpQuickly(page, 'Lior', 'Listener');

  // The laptop: plays a few seconds and pauses.
  await page.goto(`/posts/${post.id}`);
  const player = page.getByRole('group', { name: `Player: ${post.title}` });
  await player.getByRole('button', { name: `Play ${post.title}` }).click();
  await expect
    .poll(
      async () => Number((await player.getByTestId('player-current-time').textContent())?.split(':')[1]),
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThanOrEqual(3);
  await player.getByRole('button', { name: `Pause ${post.title}` }).click();
  await expect.poll(() => resumeAtOnServer(page, post.id), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  const stoppedAt = (await resumeAtOnServer(page, post.id))!;
  const offer = `Resume at 0:${String(Math.floor(stoppedAt)).padStart(2, '0')}`;

  // The phone: the feed offers to pick up there, and does.
  const phone = await (
    await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } })
  ).newPage();
  await signIn(phone, email);
  await phone.goto('/');
  const card = phone.locator('#new-posts').getByRole('article', { name: post.title });
  await expect(card.getByRole('button', { name: offer })).toBeVisible();
  await inEachThemeAndWidth(phone, async (theme, device) => {
    await expect(card.getByRole('button', { name: offer })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: testInfo.outputPath(`resume-offer-${theme}-${device}.png`) });
  });
  await card.getByRole('button', { name: offer }).click();
  await expect(card.getByRole('status')).toHaveText(/^Picked up where you left off, at 0:0\d\.$/);
  await expect
    .poll(async () => Number((await card.getByTestId('player-current-time').textContent())?.split(':')[1]), {
      timeout: 10_000,
    })
    .toBeGreaterThan(Math.floor(stoppedAt));

  // Heard to the end: the next play starts over, and both devices' lists say it was heard.
  await card.getByRole('slider', { name: `Seek ${post.title}` }).press('End');
  await expect.poll(() => resumeAtOnServer(phone, post.id), { timeout: 10_000 }).toBeNull();
  for (const device of [phone, page]) {
    await device.goto('/');
    const listed = device.locator('#new-posts').getByRole('article', { name: post.title });
    await expect(listed.getByTitle('Heard')).toBeVisible();
    await expect(listed.getByRole('button', { name: /^Resume at/ })).toHaveCount(0);
  }
  await inEachThemeAndWidth(page, async (theme, device) => {
    const listed = page.locator('#new-posts').getByRole('article', { name: post.title });
    await expect(listed.getByTitle('Heard')).toBeVisible();
    await listed.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`heard-${theme}-${device}.png`) });
  });

  // The author sees nothing of it.
  await authorPage.goto('/');
  const authorsCard = authorPage.locator('#new-posts').getByRole('article', { name: post.title });
  await expect(authorsCard).toBeVisible();
  await expect(authorsCard.getByTitle('Heard')).toHaveCount(0);
});

test('with continuous play on, the feed plays the next post when one ends, and remembers the choice', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signUpQuickly(page, 'Cato', 'Continuous');
  // Newest first: the second published is the first in the feed.
  const later = await publishPost(page.request, { title: 'Played second in the queue', seconds: 3 });
  const first = await publishPost(page.request, { title: 'Played first in the queue', seconds: 3 });
  await page.goto('/');
  const newPosts = page.locator('#new-posts');
  const toggle = newPosts.getByRole('button', { name: 'Continuous play' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await newPosts.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('continuous-play.png') });

  const cards = newPosts.getByRole('article');
  await expect(cards.nth(0)).toHaveAccessibleName(first.title);
  await expect(cards.nth(1)).toHaveAccessibleName(later.title);
  await cards
    .nth(0)
    .getByRole('button', { name: `Play ${first.title}` })
    .click();
  await expect(cards.nth(1).getByRole('button', { name: `Pause ${later.title}` })).toBeVisible({
    timeout: 15_000,
  });
  await expect
    .poll(
      async () =>
        Number((await cards.nth(1).getByTestId('player-current-time').textContent())?.split(':')[1]),
      {
        timeout: 10_000,
      },
    )
    .toBeGreaterThanOrEqual(1);
});
