import { expect, test } from '@playwright/test';
import { fakeMicrophoneBrowser, signUpQuickly } from './support';

const microphoneBrowser = fakeMicrophoneBrowser(30);

for (const width of [1280, 390]) {
  test(`shots after the editor at ${width}`, async ({ baseURL }) => {
    test.setTimeout(120_000);
    const context = await microphoneBrowser().newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signUpQuickly(page, 'Shot', 'Taker');
    await page.goto('/');
    const recorder = page.getByRole('region', { name: 'Recorder', exact: true });
    await recorder.getByRole('button', { name: 'Share your voice' }).click({ timeout: 15_000 });
    await recorder.getByRole('textbox', { name: 'Title' }).fill('Morning walk');
    await recorder.getByRole('button', { name: 'Start Recording' }).click();
    await recorder.getByRole('button', { name: 'Voice Post' }).click();
    await expect(recorder.getByRole('timer')).toHaveText('00:03', { timeout: 20_000 });
    await recorder.getByRole('button', { name: 'Stop recording' }).click();
    await recorder.getByRole('button', { name: 'Open in editor' }).click({ timeout: 10_000 });
    const editor = page.getByRole('dialog', { name: 'Morning walk' });
    await expect(editor.getByRole('slider', { name: 'Waveform: playhead and selection' })).toBeVisible({
      timeout: 30_000,
    });
    await editor.getByRole('button', { name: 'Apply' }).first().click();
    await expect(editor).toBeHidden({ timeout: 30_000 });
    await page.waitForTimeout(2500);
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
      await page.waitForTimeout(300);
      await recorder.screenshot({ path: `/tmp/shots/editor-recorder/form-after-apply-${width}-${theme}.png` });
    }
    await context.close();
  });
}
