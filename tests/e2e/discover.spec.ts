import { expect, test } from './fixtures';
import { randomBytes } from 'node:crypto';
import { expectNoSeriousA11yViolations, publishPost, signUpQuickly } from './support';

/**
 * Spec §2 Discover (issue 14): search posts and users (from 3 characters), a user card with Follow, the category
 * cards, and a topic suggestion that starts a recording on Home.
 */

const WAIT = { timeout: 15_000 };

// Axe reads colours mid-fade otherwise (the card and the topics fade in).
test.use({ contextOptions: { reducedMotion: 'reduce' } });

/** A word no other test writes, so the search finds only this test's post and person. */
const uniqueWord = (prefix: string) =>
  `${prefix}${randomBytes(3)
    .toString('hex')
    .replace(/[0-9]/g, (digit) => 'ghijklmnop'[Number(digit)]!)}`;

test('search finds a post and a person; the user card follows; a category and a topic lead on', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(120_000);
  const word = uniqueWord('tidewell');
  const authorPage = await (await browser.newContext({ baseURL })).newPage();
  const author = await signUpQuickly(authorPage, 'Marina', word);
  const authorName = `Marina ${word}`;
  // "music" in the title as well as the category: the best kind of match for the Music card's search, and the
  // newest, whatever other specs have published before.
  const post = await publishPost(authorPage.request, {
    title: `Songs and music of the ${word} harbour`,
    seconds: 2,
    category: 'Music',
  });

  await signUpQuickly(page, 'Dana', 'Discover');
  await page.goto('/discover');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover', exact: true })).toBeVisible(WAIT);
  const search = page.getByRole('searchbox');
  const posts = page.getByRole('list', { name: 'Posts found' });

  await test.step('two characters ask nothing; the whole word finds the post', async () => {
    await search.fill('ti');
    await expect(page.getByText('Type at least 3 characters to search.')).toBeVisible();
    await search.fill(word);
    await expect(posts.getByRole('article', { name: post.title })).toBeVisible(WAIT);
    await expect(page.getByText(`1 post for “${word}”`)).toBeVisible();
    // Where it matched: the word marked in the title's excerpt.
    await expect(posts.locator('mark').first()).toHaveText(new RegExp(word, 'i'));
  });

  await test.step('Users finds the author, whose card follows them', async () => {
    await page.getByRole('tab', { name: 'Users' }).click();
    const people = page.getByRole('list', { name: 'Users found' });
    await people.getByRole('button', { name: new RegExp(authorName) }).click();
    const card = page.getByRole('dialog', { name: authorName });
    await expect(card).toBeVisible();
    await expect(card.getByText(/^Joined \w+ \d{4}$/)).toBeVisible();
    await expect(card.getByRole('list', { name: 'Topics' })).toHaveText(/Voice\s*Stories\s*Music/);
    await expect(card.getByRole('link', { name: 'View Profile' })).toHaveAttribute(
      'href',
      `/profile/${author.id}`,
    );
    await expectNoSeriousA11yViolations(page, '[role="dialog"]', 'the user card');
    await card.getByRole('button', { name: `Follow ${authorName}` }).click();
    await expect(card.getByRole('button', { name: `Unfollow ${authorName}` })).toBeVisible(WAIT);
    const status = await page.request.get(`/api/follows/${author.id}`);
    expect(await status.json()).toEqual({ following: true });
    await page.keyboard.press('Escape');
    await expect(card).toBeHidden();
  });

  await test.step('the Music card searches for "music"', async () => {
    await page.getByRole('tab', { name: 'Posts' }).click();
    await page.getByRole('button', { name: /^Music/ }).click();
    await expect(search).toHaveValue('music');
    await expect(posts.getByRole('article', { name: post.title })).toBeVisible(WAIT);
  });

  await test.step('Trending Voice Posts and Active Users', async () => {
    const trending = page.getByRole('region', { name: 'Trending Voice Posts' });
    const active = page.getByRole('region', { name: 'Active Users' });
    // The author has just published: among the most recently active people (the asker is never listed).
    await expect(active.getByRole('button', { name: new RegExp(authorName) })).toBeVisible(WAIT);
    await expect(trending.getByRole('article').first()).toBeVisible(WAIT);
    await expect(trending.getByRole('article')).toHaveCount(
      Math.min(
        10,
        ((await (await page.request.get('/api/discover/trending?limit=10')).json()) as unknown[]).length,
      ),
    );
  });

  await expectNoSeriousA11yViolations(page, 'main', 'Discover');

  await test.step('a chosen topic starts a recording about it on Home', async () => {
    const topics = page.getByRole('list', { name: 'Topics to record about' });
    const first = topics.getByRole('button').first();
    await first.hover();
    const topic = (await first.textContent()) ?? '';
    await first.click();
    await expect(first).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Clear', exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Start Recording' }).click();
    await expect(page.getByRole('dialog', { name: 'Create with AI Idea' })).toContainText(topic, WAIT);
    await expect(page).toHaveURL(/\/$/);
  });
});
