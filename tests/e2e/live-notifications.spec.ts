import { expect, test } from './fixtures';
import { publishPost, signUpQuickly } from './support';

const WAIT = { timeout: 15_000 };

/** A person's open page hears of a like the moment it happens, with no reload (issue 11: live events). */
test('the bell and the notifications list update live when someone likes my post', async ({
  page,
  browser,
}) => {
  await signUpQuickly(page, 'Ada', 'Author');
  const post = await publishPost(page.request, { title: 'live bell', seconds: 2 });
  await page.goto('/notifications');
  await expect(page.getByText('liked your post')).toHaveCount(0);
  const bell = page.getByRole('link', { name: /^Notifications/ }).first();
  await expect(bell).toHaveAccessibleName('Notifications', WAIT);

  const likerContext = await browser.newContext();
  try {
    const liker = await likerContext.newPage();
    await signUpQuickly(liker, 'Lee', 'Listener');
    const liked = await liker.request.post('/api/likes', { data: { postId: post.id }, timeout: 15_000 });
    expect(liked.ok(), await liked.text()).toBe(true);
  } finally {
    await likerContext.close();
  }

  await expect(page.getByText('Lee Listener')).toBeVisible(WAIT);
  await expect(page.getByText('liked your post')).toBeVisible(WAIT);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', WAIT);
});
