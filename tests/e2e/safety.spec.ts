import { expect, test } from './fixtures';
import { randomBytes } from 'node:crypto';
import { expectNoSeriousA11yViolations, publishPost, signUpQuickly } from './support';

const WAIT = { timeout: 15_000 };

test('B blocks A from A’s profile: A’s post leaves B’s feed and A’s profile; B unblocks in Settings', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const pageA = await (await browser.newContext({ baseURL })).newPage();
  const pageB = await (await browser.newContext({ baseURL })).newPage();
  const ada = await signUpQuickly(pageA, 'Ada', 'Safety');
  await signUpQuickly(pageB, 'Ben', 'Safety');
  const post = await publishPost(pageA.request, {
    title: `Safety: a walk by the canal ${randomBytes(3).toString('hex')}`,
    seconds: 2,
  });
  const feedCard = pageB.locator('#new-posts').getByRole('article', { name: post.title });
  const profileCard = pageB
    .getByRole('tabpanel', { name: 'Posts' })
    .getByRole('article', { name: post.title });
  const adaPosts = `/profile/${ada.id}?tab=posts`;

  await test.step('B sees A’s post in the feed and on A’s profile', async () => {
    await pageB.goto('/');
    await expect(feedCard).toBeVisible(WAIT);
    await pageB.goto(adaPosts);
    await expect(profileCard).toBeVisible(WAIT);
  });

  await test.step('B blocks A from More options, after a confirmation that says what happens', async () => {
    const moreOptions = pageB.getByRole('button', { name: 'More options for Ada Safety' });
    const dialog = pageB.getByRole('dialog', { name: 'Block Ada Safety?' });
    // Changing one's mind leaves the page usable: nothing holds the pointer off it once the dialog is gone.
    await moreOptions.click();
    await pageB.getByRole('menuitem', { name: 'Block Ada Safety' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden(WAIT);
    await expect(pageB.locator('body')).not.toHaveCSS('pointer-events', 'none', WAIT);
    await moreOptions.click();
    await pageB.getByRole('menuitem', { name: 'Block Ada Safety' }).click();
    await expect(dialog).toBeVisible(WAIT);
    await expect(dialog).toContainText('They can’t follow you, comment on your posts');
    await expectNoSeriousA11yViolations(pageB, '[role="dialog"]', 'the block confirmation');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(dialog).toBeHidden(WAIT);
    await expect(pageB.getByText('Blocked', { exact: true })).toBeVisible(WAIT);
    await expect(pageB.getByRole('button', { name: /^Follow/ })).toHaveCount(0);
    await expect(profileCard).toHaveCount(0, WAIT);
  });

  await test.step('A’s post is gone from B’s feed, also after a reload', async () => {
    const feed = pageB.waitForResponse((response) => new URL(response.url()).pathname === '/api/feed', WAIT);
    await pageB.goto('/');
    expect(await (await feed).text()).not.toContain(post.id);
    await expect(feedCard).toHaveCount(0);
    await pageB.goto(adaPosts);
    await expect(pageB.getByRole('tabpanel', { name: 'Posts' })).toBeVisible(WAIT);
    await expect(profileCard).toHaveCount(0);
  });

  await test.step('B unblocks A in Settings; the post comes back', async () => {
    await pageB.goto('/settings');
    const section = pageB.getByRole('region', { name: 'Blocked and muted' });
    const blocked = section.getByRole('list', { name: 'Blocked' });
    await expect(blocked.getByRole('link', { name: /Ada Safety/ })).toBeVisible(WAIT);
    await expect(section.getByText('You haven’t muted anyone.')).toBeVisible();
    await expectNoSeriousA11yViolations(pageB, '#blocked-and-muted', 'the Blocked and muted settings');
    await blocked.getByRole('button', { name: 'Unblock Ada Safety' }).click();
    await expect(section.getByText('You haven’t blocked anyone.')).toBeVisible(WAIT);
    await pageB.goto('/');
    await expect(feedCard).toBeVisible(WAIT);
  });
});

test('C lets nobody add them to groups, by keyboard in Settings; a group with C is then refused, naming them', async ({
  browser,
  baseURL,
}) => {
  const pageC = await (await browser.newContext({ baseURL })).newPage();
  const pageD = await (await browser.newContext({ baseURL })).newPage();
  const cy = await signUpQuickly(pageC, 'Cy', 'Groups');
  await signUpQuickly(pageD, 'Dee', 'Groups');
  const eve = await signUpQuickly(await (await browser.newContext({ baseURL })).newPage(), 'Eve', 'Groups');
  const choices = pageC.getByRole('group', { name: 'Who can add me to groups' });

  await test.step('C moves from Everyone to Nobody with the arrow keys; it is saved', async () => {
    await pageC.goto('/settings');
    const everyone = choices.getByRole('radio', { name: 'Everyone' });
    await expect(everyone).toBeChecked(WAIT);
    await everyone.focus();
    await pageC.keyboard.press('ArrowDown');
    await expect(choices.getByRole('radio', { name: 'People I follow' })).toBeChecked();
    await pageC.keyboard.press('ArrowDown');
    await expect(choices.getByRole('radio', { name: 'Nobody' })).toBeChecked();
    await expect(pageC.locator('#group-adds').getByRole('status')).toHaveText('Saved.', WAIT);
    await expectNoSeriousA11yViolations(pageC, '#group-adds', 'the Groups settings');
    await pageC.reload();
    await expect(choices.getByRole('radio', { name: 'Nobody' })).toBeChecked(WAIT);
  });

  await test.step('D’s group with C and E is refused, naming C; a direct chat with C still starts', async () => {
    const group = await pageD.request.post('/api/conversations', {
      data: { type: 'group', name: 'Canal walkers', participantIds: [cy.id, eve.id] },
    });
    expect(group.status()).toBe(403);
    expect(await group.json()).toEqual({
      message: `@${cy.username} doesn't let you add them to groups. Send them a direct message instead.`,
    });
    const chat = await pageD.request.post('/api/conversations', {
      data: { type: 'direct', participantIds: [cy.id] },
    });
    expect(chat.status()).toBe(201);
  });
});
