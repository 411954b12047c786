import { expect, test } from './fixtures';
import { randomBytes } from 'node:crypto';
import { expectNoSeriousA11yViolations, publishPost, signUpQuickly } from './support';

/**
 * Profiles (spec §2 Profile) and the reactions on compact cards, with two people in two browser contexts: B likes
 * A's post on Home's New Posts, opens A's profile from the card's author link and follows A there; A's own profile
 * lists B in its dialogs and has no Follow button of its own.
 */

const WAIT = { timeout: 15_000 };

test('B likes on New Posts, opens A’s profile and follows; A’s own profile lists B', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const pageA = await (await browser.newContext({ baseURL })).newPage();
  const pageB = await (await browser.newContext({ baseURL })).newPage();
  const ada = await signUpQuickly(pageA, 'Ada', 'Profile');
  const ben = await signUpQuickly(pageB, 'Ben', 'Profile');
  const post = await publishPost(pageA.request, {
    // Unique in the run's shared feed, also when repeated.
    title: `Profile: notes from the pier ${randomBytes(3).toString('hex')}`,
    seconds: 3,
  });

  await test.step('the compact card on New Posts shows the like count changing', async () => {
    await pageB.goto('/');
    const card = pageB.locator('#new-posts').getByRole('article', { name: post.title });
    await expect(card).toBeVisible(WAIT);
    const like = card.getByRole('button', { name: /^Like\b/ });
    const dislike = card.getByRole('button', { name: /^Dislike\b/ });
    await expect(like).toHaveAttribute('aria-pressed', 'false', WAIT);
    await expect(like).toHaveAccessibleName('Like 0', WAIT);
    await expect(dislike).toHaveAccessibleName('Dislike 0', WAIT);
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true', WAIT);
    await expect(like).toHaveAccessibleName('Like 1', WAIT);
    // Refetched after the toggle: the server's count.
    await expect
      .poll(
        async () =>
          ((await (await pageB.request.get(`/api/likes/post/${post.id}`)).json()) as { count: number }).count,
      )
      .toBe(1);
  });

  await test.step('B opens A’s profile from the author’s popup: header, empty lists, the post', async () => {
    await pageB
      .locator('#new-posts')
      .getByRole('article', { name: post.title })
      .getByRole('button', { name: 'Ada Profile' })
      .click();
    await pageB
      .getByRole('dialog', { name: 'Ada Profile' })
      .getByRole('link', { name: 'View Profile' })
      .click();
    await expect(pageB).toHaveURL(new RegExp(`/profile/${ada.id}$`), WAIT);
    await expect(pageB.getByRole('heading', { level: 1, name: 'Ada Profile' })).toBeVisible(WAIT);
    await expect(pageB.getByText(`@${ada.username}`, { exact: true })).toBeVisible();
    await expect(pageB).toHaveTitle(/^Ada Profile/);

    const counts = pageB.getByRole('list', { name: 'Counts' });
    await expect(counts.getByRole('listitem').first()).toHaveText(/1\s*Voice Posts/);
    const followers = counts.getByRole('button', { name: /Followers$/ });
    const following = counts.getByRole('button', { name: /Following$/ });
    await expect(followers).toHaveAccessibleName('0 Followers', WAIT);
    await expect(following).toHaveAccessibleName('0 Following', WAIT);

    await pageB.getByRole('tab', { name: 'Posts' }).click();
    const posts = pageB.getByRole('tabpanel', { name: 'Posts' });
    const card = posts.getByRole('article', { name: post.title });
    await expect(card).toBeVisible(WAIT);
    await expect(card.getByRole('button', { name: /^Like\b/ })).toHaveAccessibleName('Like 1', WAIT);
    await expect(card.getByRole('button', { name: `Play ${post.title}` })).toBeVisible();

    // Spec §2: the empty texts of the dialogs, exactly.
    await followers.click();
    const followersDialog = pageB.getByRole('dialog', { name: 'Followers' });
    await expect(followersDialog.getByText('No followers yet', { exact: true })).toBeVisible(WAIT);
    await pageB.keyboard.press('Escape');
    await expect(followersDialog).toBeHidden();
    await following.click();
    const followingDialog = pageB.getByRole('dialog', { name: 'Following' });
    await expect(followingDialog.getByText('Not following anyone yet', { exact: true })).toBeVisible(WAIT);
    await pageB.keyboard.press('Escape');
    await expect(followingDialog).toBeHidden();

    await expectNoSeriousA11yViolations(pageB, 'main', 'someone else’s profile');
  });

  await test.step('B follows A: "Following", and the Followers count becomes 1', async () => {
    const followers = pageB.getByRole('list', { name: 'Counts' }).getByRole('button', { name: /Followers$/ });
    await pageB.getByRole('button', { name: 'Follow Ada Profile' }).click();
    await expect(pageB.getByRole('button', { name: 'Following Ada Profile' })).toBeVisible(WAIT);
    await expect(followers).toHaveAccessibleName('1 Followers', WAIT);

    // More options: muting and blocking (issue 17, tests/e2e/safety.spec.ts).
    await pageB.getByRole('button', { name: 'More options for Ada Profile' }).click();
    await expect(pageB.getByRole('menuitem', { name: 'Mute Ada Profile' })).toBeVisible(WAIT);
    await expect(pageB.getByRole('menuitem', { name: 'Block Ada Profile' })).toBeVisible(WAIT);
    await pageB.keyboard.press('Escape');

    // B is listed, with a link to B's profile and no Follow button for oneself.
    await followers.click();
    const dialog = pageB.getByRole('dialog', { name: 'Followers' });
    await expect(dialog.getByRole('link', { name: /Ben Profile/ })).toHaveAttribute(
      'href',
      `/profile/${ben.id}`,
    );
    await expect(dialog.getByRole('button', { name: /^Follow/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(pageB, '[role="dialog"]', 'the Followers dialog');
    await pageB.keyboard.press('Escape');
  });

  await test.step('A’s own profile: no Follow button; the dialogs show the right people', async () => {
    await pageA.goto('/profile?tab=posts');
    await expect(pageA.getByRole('heading', { level: 1, name: 'Ada Profile' })).toBeVisible(WAIT);
    await expect(
      pageA.getByRole('tabpanel', { name: 'Posts' }).getByRole('article', { name: post.title }),
    ).toBeVisible(WAIT);
    await expect(pageA.getByRole('button', { name: /^(Follow|Following|Loading)/ })).toHaveCount(0);
    await expect(pageA.getByRole('button', { name: /^More options/ })).toHaveCount(0);

    const counts = pageA.getByRole('list', { name: 'Counts' });
    const followers = counts.getByRole('button', { name: /Followers$/ });
    const following = counts.getByRole('button', { name: /Following$/ });
    await expect(followers).toHaveAccessibleName('1 Followers', WAIT);
    await expect(following).toHaveAccessibleName('0 Following', WAIT);

    // Keyboard: the count opens its dialog with Enter.
    await followers.focus();
    await pageA.keyboard.press('Enter');
    const followersDialog = pageA.getByRole('dialog', { name: 'Followers' });
    await expect(followersDialog.getByRole('link', { name: /Ben Profile/ })).toHaveAttribute(
      'href',
      `/profile/${ben.id}`,
    );
    // A follows B back from the list.
    await followersDialog.getByRole('button', { name: 'Follow Ben Profile' }).click();
    await expect(followersDialog.getByRole('button', { name: 'Following Ben Profile' })).toBeVisible(WAIT);
    await pageA.keyboard.press('Escape');
    await expect(following).toHaveAccessibleName('1 Following', WAIT);

    await following.click();
    const followingDialog = pageA.getByRole('dialog', { name: 'Following' });
    await expect(followingDialog.getByRole('listitem')).toHaveCount(1, WAIT);
    await expect(followingDialog.getByRole('link', { name: /Ben Profile/ })).toBeVisible();
    await pageA.keyboard.press('Escape');

    await expectNoSeriousA11yViolations(pageA, 'main', 'one’s own profile');

    // `/profile/{own id}` is one's own profile too.
    await pageA.goto(`/profile/${ada.id}`);
    await expect(pageA.getByRole('heading', { level: 1, name: 'Ada Profile' })).toBeVisible(WAIT);
    await expect(pageA.getByRole('button', { name: /^(Follow|Following|Loading)/ })).toHaveCount(0);
  });

  await test.step('a profile that does not exist says so', async () => {
    await pageB.goto('/profile/no-such-person');
    await expect(pageB.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible(WAIT);
    await expect(
      pageB.getByRole('region', { name: /^Notifications/ }).getByText(/Failed to fetch/),
    ).toHaveCount(0);
  });
});
