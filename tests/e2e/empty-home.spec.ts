import { expect, test as base } from './fixtures';
import type { Post } from '../../src/shared/contract/posts';
import { expectNoSeriousA11yViolations, signUpQuickly } from './support';

/**
 * Home's empty states (spec §2). The tests of a worker share its server, whose feed fills as they publish, so this
 * test gets a server of its own that nobody has used.
 */
const test = base.extend({ baseURL: async ({ emptyServer }, use) => use(emptyServer.url) });

test('before anyone has posted, Home shows the spec’s empty states', async ({ page }) => {
  await signUpQuickly(page, 'Esme', 'Empty');
  const feed = (await (await page.request.get('/api/feed')).json()) as Post[];
  expect(feed, 'this test needs an empty feed, so it runs on a server of its own').toEqual([]);

  await page.goto('/');
  await expect(page.getByText('Share your voice with the world')).toBeVisible();
  await expect(page.getByText('No posts yet. Be the first to share!')).toBeVisible();
  await expect(page.getByText('No episodes available yet.')).toBeVisible();
  await expect(page.getByText('No stories', { exact: true })).toHaveCount(5);
  await expect(page.getByRole('heading', { name: 'Recent Activity (24h)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New Posts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New Pods' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/discover');
  await expect(page.getByRole('heading', { name: 'Discover New Voices' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Share Your Voice' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Voice Drafts', exact: true })).toBeVisible();

  await expectNoSeriousA11yViolations(page, 'main', 'the empty Home');

  await page.getByRole('button', { name: 'Create Your First Post' }).click();
  await expect(page.locator('#share-your-voice')).toBeInViewport({ timeout: 5_000 });
});
