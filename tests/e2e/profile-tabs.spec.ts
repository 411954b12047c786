import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { randomBytes } from 'node:crypto';
import { expectNoSeriousA11yViolations, publishPost, signUpQuickly, timerReaches } from './support';

/**
 * The profile's tabs (spec §2 Profile): Pods first, listing only episodes, whose row opens the detail; Posts;
 * Categories narrowing the items and "Clear Filter"; About edited in place and kept after a reload; and the
 * "Create New Content" box asking for a title.
 */

const WAIT = { timeout: 15_000 };

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /^Notifications/ }).getByText(text, { exact: true });
}

test('tabs: Pods by default, the detail modal, Posts, a category filter, and About saved', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = randomBytes(3).toString('hex');
  await signUpQuickly(page, 'Pia', 'Tabs');
  const post = await publishPost(page.request, {
    title: `Tabs: harbour walk ${run}`,
    seconds: 2,
    category: 'Travel',
  });
  const episode = await publishPost(page.request, {
    title: `Tabs: weekly pod ${run}`,
    type: 'episode',
    seconds: 3,
    category: 'Tech',
    transcription: 'A pod about small radios.',
  });

  await test.step('Pods is the default tab and lists only the episode', async () => {
    await page.goto('/profile');
    await expect(page.getByRole('tab', { name: 'Pods' })).toHaveAttribute('aria-selected', 'true', WAIT);
    const pods = page.getByRole('tabpanel', { name: 'Pods' });
    await expect(pods.getByRole('button', { name: new RegExp(`^${episode.title}`) })).toBeVisible(WAIT);
    await expect(pods.getByText(post.title)).toHaveCount(0);
    await expect(pods).toContainText('Tech');
    await expectNoSeriousA11yViolations(page, 'main', 'the Pods tab');

    await pods.getByRole('button', { name: `Options for ${episode.title}` }).click();
    await page.getByRole('menuitem', { name: 'Set to Private' }).click();
    await expect(toast(page, 'Coming soon')).toBeVisible(WAIT);
  });

  await test.step('the row opens the detail modal with the title, category and player', async () => {
    await page
      .getByRole('tabpanel', { name: 'Pods' })
      .getByRole('button', { name: new RegExp(`^${episode.title}`) })
      .click();
    const detail = page.getByRole('dialog', { name: episode.title });
    await expect(detail).toBeVisible(WAIT);
    await expect(detail).toContainText('Tech');
    await expect(detail.getByRole('button', { name: `Play ${episode.title}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '[role="dialog"]', 'the pod detail');
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
  });

  await test.step('Posts lists the voice post, not the episode', async () => {
    await page.getByRole('tab', { name: 'Posts' }).click();
    await expect(page).toHaveURL(/\?tab=posts$/);
    const posts = page.getByRole('tabpanel', { name: 'Posts' });
    await expect(posts.getByRole('article', { name: post.title })).toBeVisible(WAIT);
    await expect(posts.getByRole('article', { name: episode.title })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'main', 'the Posts tab');
  });

  await test.step('Categories narrows the items to one, and "Clear Filter" shows them all', async () => {
    await page.getByRole('tab', { name: 'Categories' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Categories' });
    await expect(panel.getByRole('button', { name: 'Tech, 1 item' })).toBeVisible(WAIT);
    await expect(panel.getByRole('article', { name: post.title })).toBeVisible(WAIT);
    await expect(panel.getByRole('article', { name: episode.title })).toBeVisible(WAIT);
    await expectNoSeriousA11yViolations(page, 'main', 'the Categories tab');

    await panel.getByRole('button', { name: 'Travel, 1 item' }).click();
    await expect(page).toHaveURL(/\?tab=categories&category=Travel$/);
    await expect(panel.getByRole('button', { name: 'Travel, 1 item' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(panel.getByRole('article', { name: episode.title })).toHaveCount(0, WAIT);
    await expect(panel.getByRole('article', { name: post.title })).toBeVisible();

    await panel.getByRole('button', { name: 'Clear Filter' }).click();
    await expect(panel.getByRole('article', { name: episode.title })).toBeVisible(WAIT);
    await expect(panel.getByRole('button', { name: 'Clear Filter' })).toHaveCount(0);
  });

  await test.step('About is edited in place, saved, and still there after a reload', async () => {
    await page.getByRole('tab', { name: 'About' }).click();
    const about = page.getByRole('tabpanel', { name: 'About' });
    await expect(about.getByText('Travel')).toBeVisible(WAIT);
    await expectNoSeriousA11yViolations(page, 'main', 'the About tab');

    await about.getByRole('button', { name: 'Edit' }).click();
    await about.getByLabel('Location').fill('Lisbon, Portugal');
    await about.getByLabel('Website').fill('https://pia.example');
    await about.getByLabel('Interests').fill('Field recording, tide tables');
    await expectNoSeriousA11yViolations(page, 'main', 'the About tab, editing');
    await about.getByRole('button', { name: 'Save' }).click();
    await expect(about.getByRole('button', { name: 'Edit' })).toBeVisible(WAIT);

    await page.reload();
    const reloaded = page.getByRole('tabpanel', { name: 'About' });
    await expect(reloaded.getByText('Lisbon, Portugal')).toBeVisible(WAIT);
    await expect(reloaded.getByRole('link', { name: 'pia.example' })).toHaveAttribute(
      'href',
      'https://pia.example/',
    );
    await expect(reloaded.getByText('Field recording, tide tables')).toBeVisible();
  });

  await test.step('the create box needs a title before it records', async () => {
    await page.getByRole('button', { name: 'Record', exact: true }).click();
    await expect(toast(page, 'Title Required')).toBeVisible(WAIT);
    await expect(toast(page, 'Please enter a title before recording')).toBeVisible();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(toast(page, 'Share functionality coming soon!')).toBeVisible(WAIT);
  });
});

test('Create New Content records under its title, and the published post lands on the profile', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpQuickly(page, 'Rae', 'Record');
  await page.goto('/profile');
  const title = `Tabs: made on my profile ${randomBytes(3).toString('hex')}`;
  await page.getByPlaceholder('Enter your title first...').fill(title);
  await page.getByRole('button', { name: 'Record', exact: true }).click();

  const recorder = page.getByRole('region', { name: 'Recorder', exact: true });
  await timerReaches(recorder.getByRole('timer'), 1);
  await recorder.getByRole('button', { name: 'Stop recording' }).click();
  await expect(recorder.getByRole('heading', { name: 'Publish Voice Post' })).toBeVisible(WAIT);
  await recorder.getByRole('button', { name: 'Publish', exact: true }).click();

  // Back to the box, empty, and the post is on the profile.
  await expect(page.getByPlaceholder('Enter your title first...')).toHaveValue('', WAIT);
  await page.getByRole('tab', { name: 'Posts' }).click();
  await expect(
    page.getByRole('tabpanel', { name: 'Posts' }).getByRole('article', { name: title }),
  ).toBeVisible(WAIT);
});
