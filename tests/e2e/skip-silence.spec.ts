import type { APIRequestContext, Page } from '@playwright/test';
import type { Conversation } from '../../src/shared/contract/conversations';
import type { Post } from '../../src/shared/contract/posts';
import { toneWithPause } from '../support/audio';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, inEachThemeAndWidth, signUpQuickly } from './support';

/** Skip silence against the real server and Chromium's own playback: a recording with a 6 s pause in it. */

const SPEECH_ENDS = 1.5;
const SPEECH_RESUMES = 7.5;
const WAIT = { timeout: 15_000 };

/** 1.5 s of voice, 6 s of a quiet room, 2 s of voice: the pause is what the player jumps over. */
const withPause = () => toneWithPause({ pauseStart: SPEECH_ENDS, pauseEnd: SPEECH_RESUMES, seconds: 9.5 });

async function publishWithPause(request: APIRequestContext, title: string): Promise<Post> {
  const buffer = await withPause();
  const response = await request.post('/api/posts', {
    multipart: { audio: { name: 'recording.webm', mimeType: 'audio/webm', buffer }, title },
    timeout: 30_000,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Post;
}

/** Every position the page's <audio> shows, each animation frame, from now on. */
async function recordPositions(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { positions: number[] }).positions = seen;
    const sample = () => {
      const audio = document.querySelector('audio');
      if (audio && !audio.paused) seen.push(audio.currentTime);
      requestAnimationFrame(sample);
    };
    sample();
  });
  return () => page.evaluate(() => (window as unknown as { positions: number[] }).positions);
}

test('with Skip silence on, playback jumps over a long pause and says what it skipped', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpQuickly(page, 'Sol', 'Silence');
  const post = await publishWithPause(page.request, 'A long pause');
  expect(post.speech?.length).toBe(2);
  await page.goto(`/posts/${post.id}`);

  const player = page.getByRole('group', { name: `Player: ${post.title}` });
  const skip = player.getByRole('button', { name: 'Skip silence' });
  await expect(skip).toHaveAttribute('aria-pressed', 'false', WAIT);
  await skip.focus();
  await page.keyboard.press('Enter');
  await expect(skip).toHaveAttribute('aria-pressed', 'true');

  const positions = await recordPositions(page);
  await player.getByRole('button', { name: `Play ${post.title}` }).click();
  // Played to its end, which resets the player to the start.
  await expect(player.getByRole('button', { name: `Play ${post.title}` })).toBeVisible({ timeout: 30_000 });
  const seen = await positions();
  expect(seen.some((time) => time < SPEECH_ENDS)).toBe(true);
  expect(seen.some((time) => time > SPEECH_RESUMES)).toBe(true);
  // Nothing of the pause played but the little silence kept beside the speech.
  const inPause = seen.filter((time) => time > SPEECH_ENDS + 0.5 && time < SPEECH_RESUMES - 0.5);
  expect(inPause).toEqual([]);
  await expect(player.getByRole('status')).toHaveText(/Skipped 0:0[5-6] of silence/);

  // Remembered: on in the next player too, after a reload.
  await page.reload();
  await expect(player.getByRole('button', { name: 'Skip silence' })).toHaveAttribute(
    'aria-pressed',
    'true',
    WAIT,
  );
});

/** A direct conversation with someone new, holding one voice message with the pause in it. */
async function conversationWithPause(page: Page): Promise<Conversation> {
  const context = await page.context().browser()!.newContext();
  const other = await signUpQuickly(await context.newPage(), 'Ola', 'Listener');
  await context.close();
  const started = await page.request.post('/api/conversations', {
    data: { type: 'direct', participantIds: [other.id] },
  });
  expect(started.status(), await started.text()).toBe(201);
  const conversation = (await started.json()) as Conversation;
  const sent = await page.request.post(`/api/conversations/${conversation.id}/recordings`, {
    multipart: { audio: { name: 'message.webm', mimeType: 'audio/webm', buffer: await withPause() } },
    timeout: 30_000,
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return conversation;
}

test('the players with Skip silence look right in light and dark, on desktop and phone', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpQuickly(page, 'Sol', 'Screens');
  const post = await publishWithPause(page.request, 'Pauses on the harbour');
  const conversation = await conversationWithPause(page);
  await page.goto(`/posts/${post.id}`);
  await page.getByRole('button', { name: 'Skip silence' }).first().click();

  await inEachThemeAndWidth(page, async (theme, device) => {
    // The embed follows the system's scheme; the app, its own setting.
    await page.emulateMedia({ colorScheme: theme });
    for (const [name, path] of [
      ['post', `/posts/${post.id}`],
      ['feed', '/'],
      ['embed', `/embed/posts/${post.id}`],
      ['conversation', `/conversations/${conversation.id}`],
    ] as const) {
      await page.goto(path);
      const toggle = page.getByRole('button', { name: 'Skip silence' }).first();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true', WAIT);
      if (name === 'post' || name === 'conversation')
        await expectNoSeriousA11yViolations(page, 'main', `the ${name} player, ${theme}, ${device}`);
      const file = testInfo.outputPath(`skip-silence-${name}-${theme}-${device}.png`);
      if (name === 'feed') {
        await page
          .locator('#new-posts')
          .getByRole('article', { name: post.title })
          .screenshot({ path: file });
      } else await page.screenshot({ path: file });
    }
  });
});
