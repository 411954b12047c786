import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { RECORDING_PROMPTS } from '../../src/shared/domain/recording-prompts';
import { expectNoSeriousA11yViolations, publishPost, settled, signUpQuickly, uniqueEmail } from './support';

/** Home (spec §2) against the real server, with voices; its empty states are in empty-home.spec.ts. */

const publish = (
  request: APIRequestContext,
  fields: Omit<Parameters<typeof publishPost>[1], 'seconds'> & { seconds?: number },
) => publishPost(request, { seconds: 4, ...fields });

test('Home with voices: New Posts with m:ss, New Pods, stories, recent activity and suggested voices', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const other = await playwright.request.newContext({ baseURL });
  const register = await other.post('/api/register', {
    data: { email: uniqueEmail('nadia'), password: 'e2e password', firstName: 'Nadia', lastName: 'Voss' },
  });
  expect(register.status()).toBe(201);
  const post = await publish(other, { title: 'Home: morning notes', seconds: 4 });
  const pod = await publish(other, { title: 'Home: the first pod', type: 'episode', seconds: 3 });
  await other.dispose();
  // A test account (spec §5: its e-mail contains "testbot"), published last: the newest of all, and nowhere on Home.
  const tester = await playwright.request.newContext({ baseURL });
  const testerSignUp = await tester.post('/api/register', {
    data: { email: uniqueEmail('testbot'), password: 'e2e password', firstName: 'Test', lastName: 'Bot' },
  });
  expect(testerSignUp.status()).toBe(201);
  const testerPost = await publish(tester, { title: 'Home: testbot post', seconds: 3 });
  await tester.dispose();

  await signUpQuickly(page, 'Hana', 'Home');
  await page.goto('/');

  const newPosts = page.locator('#new-posts');
  const card = newPosts.getByRole('article', { name: post.title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('0:04');
  await expect(card).toContainText('Nadia Voss');
  await expect(newPosts.getByRole('article', { name: pod.title })).toHaveCount(0);

  const pods = page.locator('#new-pods');
  await expect(pods).toContainText(pod.title);
  await expect(pods).toContainText('0:03');
  await expect(pods).toContainText('General');
  expect(await pods.getByRole('listitem').count()).toBeLessThanOrEqual(3);

  await expect(page.getByRole('heading', { name: 'Discover New Voices' })).toBeVisible();
  await expect(page.locator('#discover-voices').getByRole('link', { name: /Nadia Voss/ })).toHaveAttribute(
    'href',
    `/profile/${post.userId}`,
  );
  await expect(page.locator('#discover-voices').getByRole('link', { name: /Hana Home/ })).toHaveCount(0);
  // The test account: not in New Posts, the stories, Recent Activity or Discover New Voices.
  await expect(newPosts.getByRole('article', { name: testerPost.title })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Open Test Bot’s story/ })).toHaveCount(0);
  await expect(page.locator('#recent-activity').getByRole('button', { name: /testbot post/ })).toHaveCount(0);
  await expect(page.locator('#discover-voices').getByRole('link', { name: /Test Bot/ })).toHaveCount(0);

  // The story strip: one circle per person of the last day; it opens the viewer on their newest recording.
  await page.getByRole('button', { name: /Open Nadia Voss’s story/ }).click();
  const story = page.getByRole('dialog', { name: 'Nadia Voss’s story' });
  await expect(story).toBeVisible();
  await expect(story.getByRole('article', { name: pod.title })).toBeVisible();
  await story.getByRole('button', { name: 'Next' }).click();
  await expect(story.getByRole('article', { name: post.title })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(story).toBeHidden();

  // Recent activity opens the post viewer: author, date and the post.
  await page
    .locator('#recent-activity')
    .getByRole('button', { name: new RegExp(post.title) })
    .click();
  const viewer = page.getByRole('dialog', { name: post.title });
  await expect(viewer).toBeVisible();
  // The author's name opens their profile popup (its own spec: profile-popup.spec.ts).
  await expect(viewer.getByRole('button', { name: 'Nadia Voss' })).toHaveAttribute('aria-haspopup', 'dialog');
  await expect(viewer.locator('time').first()).toHaveText('now');
  await expect(viewer.getByRole('button', { name: `Play ${post.title}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '[role="dialog"]', 'the post viewer');
  await page.keyboard.press('Escape');

  // The compact card's title opens the same modal detail view.
  await card.getByRole('button', { name: post.title, exact: true }).click();
  await expect(page.getByRole('dialog', { name: post.title })).toBeVisible();
  await page.keyboard.press('Escape');

  await expectNoSeriousA11yViolations(page, 'main', 'the full Home');
});

test('the AI suggestion rotates every 8 s and offers its idea for a post or a pod', async ({ page }) => {
  await signUpQuickly(page);
  const start = new Date('2026-11-02T09:00:00Z');
  await page.clock.install({ time: start });
  await page.goto('/');
  const box = page.getByRole('region', { name: 'AI suggestion' });
  const record = box.getByRole('button', { name: /^Record about: / });
  await expect(record).toBeVisible();
  // From here the page's time moves only when the test moves it: however slow the machine, one rotation at a time.
  await page.clock.pauseAt(new Date(start.getTime() + 10 * 60_000));
  // The suggestion once the page has caught up with that jump (it stands still now).
  const first = (await settled(() => record.getAttribute('aria-label')))?.replace('Record about: ', '') ?? '';
  expect(RECORDING_PROMPTS).toContain(first);

  await page.clock.runFor(8_100);
  await expect(record).not.toHaveAttribute('aria-label', `Record about: ${first}`);
  const second = ((await record.getAttribute('aria-label')) ?? '').replace('Record about: ', '');
  expect(RECORDING_PROMPTS).toContain(second);

  await box.getByRole('button', { name: 'Create with AI Idea' }).click();
  // A second for the dialog to open, far from the next rotation.
  await page.clock.runFor(1_000);
  const dialog = page.getByRole('dialog', { name: 'Create with AI Idea' });
  await expect(dialog).toContainText(second);
  await expect(dialog.getByRole('button', { name: 'Create Voice Post' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create Pod Episode' })).toBeVisible();
  // axe waits on timers of its own.
  await page.clock.resume();
  await expectNoSeriousA11yViolations(page, '[role="dialog"]', 'Create with AI Idea');
});

test('a topic arrives by ?topic= (then leaves the address bar) or by the aiSuggestionSelected event', async ({
  page,
}) => {
  await signUpQuickly(page);
  const topic = 'What does 100% of your attention feel like?';
  await page.goto(`/?topic=${encodeURIComponent(topic)}`);
  const dialog = page.getByRole('dialog', { name: 'Create with AI Idea' });
  await expect(dialog).toContainText(topic);
  await expect(page).toHaveURL(/\/$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.evaluate(() =>
    window.dispatchEvent(new CustomEvent('aiSuggestionSelected', { detail: { topic: 'A sound you miss' } })),
  );
  await expect(dialog).toContainText('A sound you miss');
  await page.keyboard.press('Escape');

  await page.evaluate(() =>
    window.dispatchEvent(new CustomEvent('aiSuggestionSelected', { detail: 'The best advice you ignored' })),
  );
  await expect(dialog).toContainText('The best advice you ignored');
});
