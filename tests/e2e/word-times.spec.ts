import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, inEachThemeAndWidth, publishPost, signUpQuickly } from './support';

/**
 * Issue 29: a transcript says how its words are timed, and a search result that matched what was said plays from
 * there. The e2e server's recordings are tones, which pocketsphinx cannot align to words, so the times shown here
 * are the estimate; tests/server/transcript-alignment.test.ts checks aligned ones on speech.
 */

const WAIT = { timeout: 15_000 };

// Axe reads colours mid-fade otherwise (the result cards fade in).
test.use({ contextOptions: { reducedMotion: 'reduce' } });

/** A word no other test writes, so the search finds only this test's post. */
const uniqueWord = () =>
  `lanternfish${randomBytes(3)
    .toString('hex')
    .replace(/[0-9]/g, (digit) => 'ghijklmnop'[Number(digit)]!)}`;

test('a transcript match in search plays from its word; the transcript says its times are estimated', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const word = uniqueWord();
  await signUpQuickly(page, 'Wen', 'Words');
  const post = await publishPost(page.request, {
    title: 'Harbour notes',
    seconds: 12,
    transcription: `We walked along the quay at dawn and the ${word} boats came in slowly, one by one.`,
  });

  await page.goto('/discover');
  await page.getByRole('searchbox').fill(word);
  const results = page.getByRole('list', { name: 'Posts found' });
  await expect(results.getByRole('article', { name: post.title })).toBeVisible(WAIT);
  const jump = results.getByRole('link', { name: /^Play from 0:0\d, in Harbour notes$/ });
  await expect(jump).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'main', 'search results with a jump to a word');
  const searchShot = testInfo.outputPath('search-jump.png');
  await page.screenshot({ path: searchShot, fullPage: true });
  await testInfo.attach('search-jump', { path: searchShot, contentType: 'image/png' });

  await jump.click();
  await expect(page).toHaveURL(new RegExp(`/posts/${post.id}\\?t=\\d$`));
  const player = page.getByRole('group', { name: `Player: ${post.title}` });
  await expect(player.getByText('Word times are estimated from the text.')).toBeVisible(WAIT);

  await inEachThemeAndWidth(page, async (theme, device) => {
    await expect(player.getByText('Word times are estimated from the text.')).toBeVisible(WAIT);
    await expectNoSeriousA11yViolations(page, 'main', `the transcript, ${theme}, ${device}`);
    const shot = testInfo.outputPath(`transcript-${theme}-${device}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach(`transcript-${theme}-${device}`, { path: shot, contentType: 'image/png' });
  });
});
