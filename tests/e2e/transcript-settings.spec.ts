import { expect, test } from './fixtures';
import { inEachThemeAndWidth, signUpQuickly } from './support';

/** Issue 29: private posts go to the speech recogniser only once their owner says so, in Settings. */
test('private transcripts are off until turned on in Settings, and the choice is kept', async ({
  page,
}, testInfo) => {
  await signUpQuickly(page, 'Tove', 'Transcripts');
  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'Transcribe my private posts too' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(toggle).toHaveAccessibleDescription(/goes to the speech recognition service/);

  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(page.locator('#transcripts').getByRole('status')).toHaveText('Saved.');
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  await inEachThemeAndWidth(page, async (theme, device) => {
    await page.locator('#transcripts').scrollIntoViewIfNeeded();
    await expect(toggle).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`transcript-settings-${theme}-${device}.png`) });
  });
});
