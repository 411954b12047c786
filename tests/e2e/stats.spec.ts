import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { randomBytes } from 'node:crypto';
import { expectNoSeriousA11yViolations, inEachThemeAndWidth, publishPost, signUpQuickly } from './support';

/**
 * The Stats page (spec §2): Ada publishes three posts in two categories, Ben follows her and listens to one; Ada
 * opens her stats from "View Stats" on her profile and finds the figures the server computed. Ben, who has
 * posted nothing, sees zeros. Both themes at both widths pass axe, with screenshots attached to the report.
 */

const WAIT = { timeout: 15_000 };

/** The value a stats card shows under its label. */
function figure(page: Page, label: string) {
  return page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

test('Ada’s stats from View Stats: the server’s figures; Ben’s are zeros', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const pageA = await (await browser.newContext({ baseURL })).newPage();
  const pageB = await (await browser.newContext({ baseURL })).newPage();
  const ada = await signUpQuickly(pageA, 'Ada', 'Stats');
  const ben = await signUpQuickly(pageB, 'Ben', 'Stats');
  const tag = randomBytes(3).toString('hex');
  const posts = [];
  for (const [seconds, category] of [
    [2, 'Music'],
    [3, 'Music'],
    [4, 'Stories'],
  ] as const) {
    posts.push(
      await publishPost(pageA.request, { title: `Stats ${category} ${seconds}s ${tag}`, seconds, category }),
    );
  }
  const total = posts.reduce((sum, post) => sum + post.duration, 0);
  expect(total).toBeLessThan(60);

  const follow = await pageB.request.post('/api/follows', { data: { followingId: ada.id } });
  expect(follow.ok(), await follow.text()).toBe(true);
  const listen = await pageB.request.post(`/api/posts/${posts[0]!.id}/listens`, { data: { seconds: 2 } });
  expect(await listen.json()).toMatchObject({ counted: true });

  await test.step('Ada opens her stats from her profile', async () => {
    await pageA.goto('/profile');
    await pageA.getByRole('link', { name: 'View Stats' }).click();
    await expect(pageA).toHaveURL(new RegExp(`/stats/${ada.id}$`), WAIT);
    await expect(pageA.getByRole('heading', { level: 1, name: 'Stats' })).toBeVisible();
    await expect(pageA).toHaveTitle(/^Stats/);
  });

  await test.step('the figures, as the server computed them', async () => {
    await expect(figure(pageA, 'Total Episodes')).toHaveText('3', WAIT);
    await expect(figure(pageA, 'Followers')).toHaveText('1');
    await expect(figure(pageA, 'Following')).toHaveText('0');
    await expect(figure(pageA, 'Total Duration')).toContainText(`${Math.round(total)}s`);
    await expect(figure(pageA, 'Avg Duration')).toContainText(`${Math.round(total / 3)}s`);
    await expect(figure(pageA, 'This Month')).toHaveText('3');
    // 3 posts for 1 follower; 3 / 12 rounds to 0.
    await expect(figure(pageA, 'Engagement Rate')).toHaveText('300%');
    await expect(figure(pageA, 'Content Consistency')).toHaveText('0');
    await expect(figure(pageA, 'Listens')).toHaveText('1');
    await expect(figure(pageA, 'Listening Time')).toContainText('2s');
    await expect(figure(pageA, 'Last 30 Days')).toHaveText('1');

    const categories = pageA.getByRole('region', { name: 'Content Categories' }).getByRole('listitem');
    await expect(categories).toHaveText([/^Music\s*2 posts$/, /^Stories\s*1 post$/]);
    // Today's listen, in the chart's table for screen readers.
    const table = pageA.getByRole('table', { name: 'Listens by day, the last 30 days' });
    await expect(table.getByRole('row')).toHaveCount(31);
    await expect(table.getByRole('row').last().getByRole('cell')).toHaveText(['1', '2 seconds']);
  });

  await test.step('light and dark, desktop and phone: axe, and a screenshot each', async () => {
    await inEachThemeAndWidth(pageA, async (theme, device) => {
      await expect(figure(pageA, 'Total Episodes')).toHaveText('3', WAIT);
      await expectNoSeriousA11yViolations(pageA, 'main', `the stats page, ${theme}, ${device}`);
      await testInfo.attach(`stats-${theme}-${device}`, {
        body: await pageA.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
    });
  });

  await test.step('Back to profile', async () => {
    await pageA.getByRole('link', { name: 'Back to profile' }).click();
    await expect(pageA).toHaveURL(new RegExp(`/profile/${ada.id}$`), WAIT);
    await expect(pageA.getByRole('heading', { level: 1, name: 'Ada Stats' })).toBeVisible(WAIT);
  });

  await test.step('Ben, who has posted nothing, sees zeros and no View Stats on Ada’s profile', async () => {
    await pageB.goto(`/profile/${ada.id}`);
    await expect(pageB.getByRole('heading', { level: 1, name: 'Ada Stats' })).toBeVisible(WAIT);
    await expect(pageB.getByRole('link', { name: 'View Stats' })).toHaveCount(0);

    await pageB.goto(`/stats/${ben.id}`);
    await expect(figure(pageB, 'Total Episodes')).toHaveText('0', WAIT);
    await expect(figure(pageB, 'Following')).toHaveText('1');
    await expect(figure(pageB, 'Total Duration')).toContainText('0s');
    await expect(figure(pageB, 'Engagement Rate')).toHaveText('0%');
    await expect(pageB.getByText('No listens in the last 30 days yet.')).toBeVisible();
    await expect(pageB.getByText('Your categories show here once you publish.')).toBeVisible();
    await expectNoSeriousA11yViolations(pageB, 'main', 'a new person’s stats');
  });
});
