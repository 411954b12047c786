import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { randomBytes } from 'node:crypto';
import type { ConversationRecording, PublishRequest } from '../../src/shared/contract/conversations';
import type { Post } from '../../src/shared/contract/posts';
import type { CurrentUser } from '../../src/shared/contract/users';
import { expectNoSeriousA11yViolations, inEachThemeAndWidth, signUpQuickly } from './support';

const WAIT = { timeout: 15_000 };
const UPLOAD_WAIT = { timeout: 30_000 };

interface Person {
  page: Page;
  user: CurrentUser;
  name: string;
}

/** A person in a browser context of their own, with a last name no other spec's people share. */
async function person(browser: Browser, firstName: string): Promise<Person> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const lastName = `Zq${randomBytes(3).toString('hex')}`;
  const user = await signUpQuickly(page, firstName, lastName);
  return { page, user, name: `${firstName} ${lastName}` };
}

/** Searches for `who` in the open dialog's people picker and picks them. */
async function pick(page: Page, who: Person): Promise<void> {
  const dialog = page.getByRole('dialog');
  const search = dialog.getByRole('searchbox', { name: 'Search people' });
  await search.fill(who.user.lastName ?? who.name);
  await dialog
    .getByRole('list', { name: 'People found' })
    .getByRole('button', { name: new RegExp(who.name) })
    .click(WAIT);
}

/** Records about two seconds in the conversation's recorder bar, previews and sends it. */
async function sendVoiceMessage(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Record a voice message' }).click(WAIT);
  await expect(page.getByRole('timer')).toHaveAccessibleName(/Recorded [2-9] seconds/, WAIT);
  await page.getByRole('button', { name: 'Stop recording' }).click(WAIT);
  await expect(page.getByRole('button', { name: 'Play your voice message' })).toBeVisible(WAIT);
  const sent = page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/recordings$/.test(response.url()),
    UPLOAD_WAIT,
  );
  await page.getByRole('button', { name: 'Send', exact: true }).click(WAIT);
  expect((await sent).status()).toBe(201);
  // Sent: the bar is back to idle.
  await expect(page.getByRole('button', { name: 'Record a voice message' })).toBeVisible(UPLOAD_WAIT);
}

const messages = (page: Page) => page.getByTestId('conversation-message');

/** The prompt to agree passes axe in both themes at both widths, with a screenshot of each. */
async function expectPromptLooksRight(page: Page, prompt: Locator, testInfo: TestInfo): Promise<void> {
  await inEachThemeAndWidth(page, async (theme, device) => {
    await expect(prompt).toBeVisible(WAIT);
    await expectNoSeriousA11yViolations(page, 'main', `the prompt to agree, ${theme}, ${device}`);
    await page.screenshot({ path: testInfo.outputPath(`publish-prompt-${theme}-${device}.png`) });
  });
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.reload();
}

/** The server heard sound in every message, not the silence a broken fake microphone records. */
async function expectAudible(page: Page, conversationId: string): Promise<void> {
  const response = await page.request.get(`/api/conversations/${conversationId}/recordings`, WAIT);
  expect(response.ok()).toBe(true);
  const recordings = (await response.json()) as ConversationRecording[];
  expect(recordings.length).toBeGreaterThan(0);
  for (const recording of recordings) {
    expect(recording.duration).toBeGreaterThan(1);
    expect(Math.max(...recording.peaks)).toBeGreaterThan(0.2);
  }
}

test('two people talk by voice, live; one plays it all and, with the other’s yes, posts it as a pod that plays on Home', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const ava = await person(browser, 'Ava');
  const ben = await person(browser, 'Ben');

  // Ben waits on his conversations list.
  await ben.page.goto('/conversations');
  await expect(ben.page.getByRole('heading', { name: 'No conversations yet' })).toBeVisible(WAIT);

  // Ava starts a chat with Ben: exactly one person, then "Start Chat".
  await ava.page.goto('/conversations');
  await expectNoSeriousA11yViolations(ava.page, 'main', 'the empty conversations list');
  await ava.page.getByRole('button', { name: 'Start Chat' }).first().click(WAIT);
  const dialog = ava.page.getByRole('dialog', { name: 'Start Chat' });
  await expect(dialog.getByRole('button', { name: 'Start Chat' })).toBeDisabled(WAIT);
  await pick(ava.page, ben);
  await expectNoSeriousA11yViolations(ava.page, '[role="dialog"]', 'the Start Chat dialog');
  await dialog.getByRole('button', { name: 'Start Chat' }).click(WAIT);
  await expect(ava.page).toHaveURL(/\/conversations\/[^/]+$/, WAIT);
  const conversationId = ava.page.url().split('/').pop() ?? '';
  await expect(ava.page.getByRole('heading', { level: 1, name: ben.name })).toBeVisible(WAIT);

  // The new conversation reaches Ben's open list without a reload.
  const benCard = ben.page.getByTestId('conversation-card').filter({ hasText: ava.name });
  await expect(benCard).toBeVisible(WAIT);

  // Ava sends a voice message; Ben's card and his Conversations nav item show it unread, live.
  await sendVoiceMessage(ava.page);
  await expect(messages(ava.page)).toHaveCount(1, WAIT);
  await expect(benCard).toContainText('1 recording', WAIT);
  await expect(ben.page.getByRole('link', { name: 'Conversations, 1 unread' }).first()).toBeAttached(WAIT);

  // Ben opens it (which marks it read) and answers.
  await benCard.getByRole('link', { name: new RegExp(ava.name) }).click(WAIT);
  await expect(messages(ben.page)).toHaveCount(1, WAIT);
  await expect(ben.page.getByRole('link', { name: 'Conversations', exact: true }).first()).toBeAttached(WAIT);
  await expect(ben.page.getByRole('heading', { level: 2, name: 'Today' })).toBeVisible(WAIT);
  await sendVoiceMessage(ben.page);

  // Ben's answer arrives in Ava's open conversation without a reload, at the end, unplayed.
  await expect(messages(ava.page)).toHaveCount(2, WAIT);
  const answer = messages(ava.page).last();
  await expect(answer).toHaveAttribute('data-played', 'false', WAIT);
  await expectAudible(ava.page, conversationId);
  await expectNoSeriousA11yViolations(ava.page, 'main', 'the conversation view');

  // Play all starts from the first unplayed message and stops after the last one.
  await ava.page.getByRole('button', { name: 'Play all' }).click(WAIT);
  await expect(ava.page.getByRole('button', { name: 'Stop playing' })).toBeVisible(WAIT);
  await expect(answer.getByRole('button', { name: /^Pause voice message from Ben/ })).toBeVisible(WAIT);
  await expect(answer).toHaveAttribute('data-played', 'true', UPLOAD_WAIT);
  await expect(ava.page.getByRole('button', { name: 'Play all' })).toBeVisible(WAIT);

  // "Pod": Ben's voice is in it, so Ben is asked first (issue 25); his yes posts it as one post of Ava's.
  const asked = ava.page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/publish$/.test(response.url()),
    UPLOAD_WAIT,
  );
  await ava.page.getByRole('button', { name: 'Pod: post this conversation' }).click(WAIT);
  const askAnswer = await asked;
  expect(askAnswer.status()).toBe(201);
  expect(((await askAnswer.json()) as PublishRequest).kind).toBe('publish-request');
  await expect(ava.page.getByText('Asked the others', { exact: true })).toBeVisible(WAIT);
  const prompt = ben.page.getByRole('region', { name: `${ava.name} asks to post this conversation` });
  await expect(prompt).toContainText('1 message of yours would be in it', WAIT);
  await expectPromptLooksRight(ben.page, prompt, testInfo);

  const agreed = ben.page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/answer$/.test(response.url()),
    UPLOAD_WAIT,
  );
  // Reachable by keyboard: Tab from Decline reaches Agree.
  await prompt.getByRole('button', { name: /^Decline/ }).focus();
  await ben.page.keyboard.press('Tab');
  await expect(prompt.getByRole('button', { name: /^Agree/ })).toBeFocused();
  await ben.page.keyboard.press('Enter');
  const request = (await (await agreed).json()) as PublishRequest;
  expect(request.status).toBe('posted');
  await expect(prompt).toBeHidden(WAIT);
  await expect(ava.page.getByTestId('publish-request')).toBeHidden(WAIT);
  const post = (await (await ava.page.request.get(`/api/posts/${request.postId}`)).json()) as Post;
  expect(post.title).toBe(`Conversation with ${ben.name}`);

  await ava.page.goto('/');
  const card = ava.page.locator('#new-posts').getByRole('article', { name: post.title });
  await card.getByRole('button', { name: `Play ${post.title}` }).click(WAIT);
  await expect(card.getByRole('button', { name: `Pause ${post.title}` })).toBeVisible(WAIT);
  await expect
    .poll(async () => (await card.getByTestId('player-current-time').textContent()) ?? '0:00', WAIT)
    .not.toBe('0:00');

  await ava.page.context().close();
  await ben.page.context().close();
});

test('three people talk in a group', async ({ browser }) => {
  test.setTimeout(120_000);
  const ava = await person(browser, 'Ava');
  const ben = await person(browser, 'Ben');
  const cy = await person(browser, 'Cy');
  const groupName = `Trio ${randomBytes(2).toString('hex')}`;

  await ava.page.goto('/conversations');
  await ava.page.getByRole('button', { name: 'Create Group' }).first().click(WAIT);
  const dialog = ava.page.getByRole('dialog', { name: 'Create Group' });
  await dialog.getByLabel('Group name').fill(groupName);
  await pick(ava.page, ben);
  await expect(dialog.getByRole('button', { name: 'Create Group' })).toBeDisabled(WAIT);
  await pick(ava.page, cy);
  await expect(dialog.getByText('3 people, you included')).toBeVisible(WAIT);
  await dialog.getByRole('button', { name: 'Create Group' }).click(WAIT);
  await expect(ava.page.getByRole('heading', { level: 1, name: groupName })).toBeVisible(WAIT);
  await expect(ava.page.getByRole('button', { name: 'Group members: 3 people' })).toBeVisible(WAIT);
  await sendVoiceMessage(ava.page);

  // Both others find it under Groups, with Ava's message waiting.
  for (const member of [ben, cy]) {
    await member.page.goto('/conversations');
    await member.page.getByRole('tab', { name: /Groups/ }).click(WAIT);
    const card = member.page.getByTestId('conversation-card').filter({ hasText: groupName });
    await expect(card).toContainText('1 recording', WAIT);
    await card.getByRole('link').click(WAIT);
    await expect(messages(member.page)).toHaveCount(1, WAIT);
    await expect(messages(member.page).first()).toContainText('Ava', WAIT);
  }

  // Ben adds Dee from the group's members; Ava's open conversation counts four at once, and Dee can hear it all.
  const dee = await person(browser, 'Dee');
  await ben.page.getByRole('button', { name: 'Group members: 3 people' }).click(WAIT);
  const members = ben.page.getByRole('dialog', { name: 'Group members' });
  await expect(members.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(3, WAIT);
  await pick(ben.page, dee);
  await members.getByRole('button', { name: 'Add to group' }).click(WAIT);
  await expect(members.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(4, WAIT);
  await expectNoSeriousA11yViolations(ben.page, '[role="dialog"]', 'the Group members dialog');
  await expect(ava.page.getByRole('button', { name: 'Group members: 4 people' })).toBeVisible(WAIT);
  await dee.page.goto('/conversations');
  await dee.page.getByRole('tab', { name: /Groups/ }).click(WAIT);
  await dee.page
    .getByTestId('conversation-card')
    .filter({ hasText: groupName })
    .getByRole('link')
    .click(WAIT);
  await expect(messages(dee.page)).toHaveCount(1, WAIT);

  for (const member of [ava, ben, cy, dee]) await member.page.context().close();
});
