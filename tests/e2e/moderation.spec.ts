import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Post } from '../../src/shared/contract/posts';
import { MODERATOR_EMAIL } from '../../playwright.config';
import { streamedTone } from '../support/audio';
import { expectNoSeriousA11yViolations, publishPost, signUpQuickly } from './support';

/**
 * Issue 17 end to end: someone reports a voice reply from the post page; the moderator (an account made a moderator
 * with `npm run moderator -- grant`) opens /moderation, plays the reported reply in place, hides it and resolves the report,
 * and the reply is gone for everyone else.
 */

const WAIT = { timeout: 15_000 };

/** `npm run moderator -- grant` on the e2e server's database, as its operator would. */
async function grantModerator(dataDir: string, email: string): Promise<void> {
  const { stdout } = await promisify(execFile)(
    'npx',
    ['tsx', 'src/server/moderator-command.ts', 'grant', email],
    {
      env: { ...process.env, DATA_DIR: dataDir },
    },
  );
  expect(stdout).toMatch(/is now a moderator|was already a moderator/);
}

/** The moderator's account: made (and granted the role) on the first run against this server, signed in to after. */
async function signInAsModerator(page: Page, dataDir: string): Promise<void> {
  const credentials = { email: MODERATOR_EMAIL, password: 'e2e moderator password', firstName: 'Morgan' };
  const registered = await page.request.post('/api/register', { data: credentials, timeout: 15_000 });
  if (registered.status() === 201) return grantModerator(dataDir, MODERATOR_EMAIL);
  const signedIn = await page.request.post('/api/login', { data: credentials, timeout: 15_000 });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
}

async function personIn(browser: Browser, firstName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await signUpQuickly(page, firstName, 'Tester');
  return { context, page, user };
}

/** A 10 s reply: still playing when the moderator, having heard it start, presses Pause on a busy machine. */
async function replyThroughApi(page: Page, post: Post): Promise<void> {
  const buffer = await streamedTone({ seconds: 10, format: 'webm', codecArgs: ['-c:a', 'libopus'] });
  const response = await page.request.post('/api/comments', {
    multipart: { postId: post.id, audio: { name: 'comment.webm', mimeType: 'audio/webm', buffer } },
    timeout: 30_000,
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('a reported reply is played, hidden and resolved by a moderator, and gone for others', async ({
  browser,
  server,
}) => {
  // Four people and the moderator command (a process of its own, a few seconds on a busy machine).
  test.setTimeout(120_000);
  const author = await personIn(browser, 'Ada');
  const replier = await personIn(browser, 'Rex');
  const reader = await personIn(browser, 'Rhea');
  const moderator = await browser.newContext();
  const moderatorPage = await moderator.newPage();
  try {
    const post = await publishPost(author.page.request, { title: 'A calm morning walk', seconds: 3 });
    await replyThroughApi(replier.page, post);

    // The reader reports the reply from the post page.
    await reader.page.goto(`/posts/${post.id}`);
    const replies = reader.page.getByRole('list', { name: 'Voice replies, newest first' });
    await expect(replies.getByRole('listitem')).toHaveCount(1, WAIT);
    await replies.getByRole('button', { name: 'Report reply from Rex Tester' }).click();
    const dialog = reader.page.getByRole('dialog', { name: 'Report this voice reply' });
    const reasons = dialog.getByRole('group', { name: 'Reason' });
    await expect(reasons.getByRole('radio')).toHaveCount(7);
    await expect(dialog.getByRole('button', { name: 'Submit report' })).toBeDisabled();
    // A radio group: the arrow keys move between the reasons.
    await reasons.getByRole('radio', { name: 'Spam' }).focus();
    await reader.page.keyboard.press('ArrowDown');
    await expect(reasons.getByRole('radio', { name: 'Harassment or hate' })).toBeChecked();
    await dialog.getByLabel('Anything else? (optional)').fill('Rude words at 0:01');
    await expectNoSeriousA11yViolations(reader.page, '[role="dialog"]', 'the report dialog');
    await dialog.getByRole('button', { name: 'Submit report' }).click();
    const toasts = reader.page.getByRole('region', { name: /Notifications/ });
    await expect(toasts.getByText('Thanks for telling us', { exact: true })).toBeVisible(WAIT);
    await expect(dialog).toBeHidden();

    // Nobody else has the moderation link or screen.
    await expect(reader.page.getByRole('link', { name: 'Moderation' })).toHaveCount(0);

    // The moderator finds it, plays it in place, hides it and resolves the report.
    await signInAsModerator(moderatorPage, server.dataDir);
    await moderatorPage.goto('/');
    await moderatorPage.getByRole('link', { name: 'Moderation' }).first().click();
    await expect(moderatorPage.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible(WAIT);
    const report = moderatorPage.getByRole('listitem', { name: 'Voice comment on “A calm morning walk”' });
    await expect(report).toBeVisible(WAIT);
    await expect(report.getByText('Harassment or hate')).toBeVisible();
    await expect(report.getByText('“Rude words at 0:01”')).toBeVisible();
    await expect(report.getByText('1 report')).toBeVisible();
    await expectNoSeriousA11yViolations(moderatorPage, 'main', 'the moderation screen');

    const title = 'Voice comment on “A calm morning walk”';
    await report.getByRole('button', { name: `Play ${title}` }).click();
    await expect(report.getByRole('button', { name: `Pause ${title}` })).toBeVisible(WAIT);
    await expect
      .poll(
        () =>
          moderatorPage.evaluate(() =>
            [...document.querySelectorAll('audio')].some((a) => a.currentTime > 0.3),
          ),
        WAIT,
      )
      .toBe(true);
    await report.getByRole('button', { name: `Pause ${title}` }).click();

    await report.getByRole('button', { name: 'Hide' }).click();
    await expect(report.getByText('Hidden by moderators')).toBeVisible(WAIT);
    await report.getByRole('button', { name: 'Resolve' }).click();
    await expect(moderatorPage.getByText('No open reports')).toBeVisible(WAIT);
    const log = moderatorPage.getByRole('region', { name: 'Moderation log' });
    await expect(log.getByText('resolved the reports of a voice reply')).toBeVisible(WAIT);
    await expect(log.getByText('hid a voice reply')).toBeVisible();
    await expect(log.getByText('Morgan').first()).toBeVisible();

    // Gone for the reader and the post's author; still there, marked, for the one who recorded it.
    for (const page of [reader.page, author.page]) {
      await page.goto(`/posts/${post.id}`);
      await expect(page.getByText('No voice replies yet. Be the first to reply.')).toBeVisible(WAIT);
    }
    await replier.page.goto(`/posts/${post.id}`);
    await expect(replier.page.getByText('Hidden by moderators')).toBeVisible(WAIT);

    // And the screen is the moderators' alone.
    await reader.page.goto('/moderation');
    await expect(reader.page.getByRole('heading', { level: 1, name: 'Moderation' })).toHaveCount(0);
  } finally {
    await Promise.all([author.context, replier.context, reader.context, moderator].map((c) => c.close()));
  }
});
