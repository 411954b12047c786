import { expect, test } from './fixtures';
import { inEachThemeAndWidth, publishPost, signUpQuickly, stopOnceTimerReaches } from './support';

/** Issue 29: a voice reply answers a moment of the post, and the post's waveform shows where. */

const WAIT = { timeout: 15_000 };

test('a listener pauses at a moment and replies there; the mark and "at m:ss" take everyone to it', async ({
  browser,
  baseURL,
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const authorPage = await (await browser.newContext({ baseURL })).newPage();
  await signUpQuickly(authorPage, 'Rosa', 'Moment');
  const post = await publishPost(authorPage.request, { title: 'Twelve seconds of the tide', seconds: 12 });

  await signUpQuickly(page, 'Lior', 'Listener');
  await page.goto(`/posts/${post.id}`);
  const player = page.getByRole('group', { name: `Player: ${post.title}` });
  const thread = page.locator('[data-voice-thread]');
  const currentSecond = async () =>
    Number((await player.getByTestId('player-current-time').textContent())?.split(':')[1]);

  // Paused a few seconds in, the thread offers to reply right there.
  await expect(thread.getByRole('button', { name: 'Record a voice reply' })).toBeVisible(WAIT);
  await expect(thread.getByRole('button', { name: /^Reply at/ })).toHaveCount(0);
  await player.getByRole('button', { name: `Play ${post.title}` }).click();
  await expect.poll(currentSecond, WAIT).toBeGreaterThanOrEqual(3);
  await player.getByRole('button', { name: `Pause ${post.title}` }).click();
  const offer = thread.getByRole('button', { name: /^Reply at 0:\d\d$/ });
  await expect(offer).toBeVisible(WAIT);
  const moment = (await offer.textContent())!.replace('Reply at ', '');
  expect(Number(moment.split(':')[1])).toBeGreaterThanOrEqual(3);

  await offer.click();
  const stop = thread.getByRole('button', { name: 'Stop recording' });
  await expect(stop).toBeEnabled(WAIT);
  await stopOnceTimerReaches(thread.getByRole('timer'), stop, 2);
  await expect(thread.getByText(new RegExp(`^Voice reply at ${moment} ·`))).toBeVisible(WAIT);
  await thread.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByText('Your voice comment has been posted!', { exact: true })).toBeVisible(WAIT);

  // The mark on the waveform, named for screen readers, and the thread's "at m:ss".
  const mark = player.getByRole('button', { name: `Reply by Lior Listener at ${moment}` });
  await expect(mark).toBeVisible(WAIT);
  const atMoment = thread.getByRole('button', { name: `at ${moment}`, exact: true });
  await expect(atMoment).toBeVisible();

  // "at m:ss" takes the post's player there, from wherever it was.
  await player.getByRole('slider', { name: `Seek ${post.title}` }).press('Home');
  await expect.poll(currentSecond, WAIT).toBe(0);
  await atMoment.click();
  await expect.poll(currentSecond, WAIT).toBeGreaterThanOrEqual(Number(moment.split(':')[1]));
  await player.getByRole('button', { name: `Pause ${post.title}` }).click();

  // The mark, reached by keyboard, plays the reply.
  await mark.focus();
  await page.keyboard.press('Enter');
  await expect(thread.getByRole('button', { name: /^Pause Voice reply from Lior Listener/ })).toBeVisible(
    WAIT,
  );

  // Another listener sees the mark too.
  const other = await (await browser.newContext({ baseURL })).newPage();
  await other.goto(`/posts/${post.id}`);
  await expect(
    other
      .getByRole('group', { name: `Player: ${post.title}` })
      .getByRole('button', { name: `Reply by Lior Listener at ${moment}` }),
  ).toBeVisible(WAIT);

  await inEachThemeAndWidth(page, async (theme, device) => {
    await expect(mark).toBeVisible(WAIT);
    await player.getByRole('slider', { name: `Seek ${post.title}` }).press('ArrowRight');
    await expect(thread.getByRole('button', { name: /^Reply at/ })).toBeVisible(WAIT);
    await page.screenshot({
      path: testInfo.outputPath(`reply-moments-${theme}-${device}.png`),
      fullPage: true,
    });
  });
});
