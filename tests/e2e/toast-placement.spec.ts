import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { writtenTone } from '../support/audio';
import { signUpQuickly } from './support';

/**
 * Toasts (spec §8) never hide a form: in a window where the publish form fills the page (WebKit's default
 * 1024×730, a laptop's 1280×800, a phone's 390×844) the toast shows while Publish stays the thing a click at its
 * centre reaches, and no field or button of the form is under the toast.
 */

const WINDOWS = [
  { name: 'small laptop', width: 1024, height: 730 },
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let upload: { name: string; mimeType: string; buffer: Buffer };

test.beforeAll(async () => {
  const wav = await writtenTone({ seconds: 3, frequency: 392, extension: 'wav', codecArgs: [] });
  upload = { name: 'Harbour at dawn.wav', mimeType: 'audio/wav', buffer: wav };
});

/** Opens the publish form through Upload, which says "Audio Uploaded Successfully!" as it opens. */
async function openPublishFormWithToast(page: Page): Promise<{ form: Locator; toast: Locator }> {
  const recorder = page.getByRole('region', { name: 'Recorder', exact: true });
  await recorder.getByRole('button', { name: 'Share your voice' }).click();
  await recorder.getByRole('textbox', { name: 'Title' }).fill('Harbour at dawn');
  await recorder.getByRole('button', { name: 'Start Recording' }).click();
  const chooser = page.waitForEvent('filechooser');
  await recorder.getByRole('button', { name: 'Upload' }).click();
  await (await chooser).setFiles(upload);
  const toast = page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: 'Audio Uploaded Successfully!' });
  await expect(toast).toBeVisible();
  // The pointer resting on it holds it open (Radix pauses its 5 s) while the window scrolls under it.
  await toast.hover();
  const form = recorder.getByRole('form', { name: 'Publish Voice Post' });
  await expect(form).toBeVisible();
  return { form, toast };
}

/**
 * Scrolls Publish to the middle of the window, or the form as low as a person can see all of it: its foot just
 * above the tab bar docked at a phone's foot (the window's bottom edge on a large screen).
 */
async function scrollPublishTo(publish: Locator, where: 'middle' | 'lowest'): Promise<void> {
  await publish.evaluate((button, lowest) => {
    button.scrollIntoView({ block: 'center' });
    if (!lowest) return;
    const tabBar = [...document.querySelectorAll('nav')].find(
      (nav) => getComputedStyle(nav).position === 'fixed' && nav.getClientRects().length > 0,
    );
    const visibleBottom = tabBar ? tabBar.getBoundingClientRect().top : window.innerHeight;
    // The form's foot (Cancel sits under Publish on a phone) just above the tab bar.
    const form = button.closest('form') ?? button;
    window.scrollBy(0, Math.ceil(form.getBoundingClientRect().bottom - visibleBottom));
  }, where === 'lowest');
}

function overlaps(a: DOMRect | null, b: DOMRect | null): boolean {
  if (!a || !b) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const window of WINDOWS) {
  test(`a toast leaves the publish form's fields and Publish free in a ${window.width}×${window.height} window`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: window.width, height: window.height });
    await signUpQuickly(page);
    await page.goto('/');
    const { form, toast } = await openPublishFormWithToast(page);
    const publish = form.getByRole('button', { name: 'Publish', exact: true });

    for (const where of ['middle', 'lowest'] as const) {
      await scrollPublishTo(publish, where);
      await expect(toast).toBeVisible();
      const toastBox = await toast.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
      const controls = await form
        .locator('input:not([type=file]):not(.sr-only), textarea, button, [role=combobox], [role=switch]')
        .evaluateAll((elements) =>
          elements
            .filter((element) => element.getClientRects().length > 0)
            .map((element) => ({
              name: element.getAttribute('aria-label') || element.id || element.textContent,
              box: element.getBoundingClientRect().toJSON() as DOMRect,
            })),
        );
      expect(controls.length).toBeGreaterThan(5);
      expect(
        controls.filter((control) => overlaps(control.box, toastBox)).map((control) => control.name),
      ).toEqual([]);
      // What a click at Publish's centre reaches: Publish itself (or its label inside it), not the toast.
      const hit = await publish.evaluate((button) => {
        const { x, y, width, height } = button.getBoundingClientRect();
        const top = document.elementFromPoint(x + width / 2, y + height / 2);
        return top !== null && button.contains(top);
      });
      expect(hit, `Publish reachable with the button ${where} in the window`).toBe(true);
    }
    await testInfo.attach(`publish-form-toast-${window.width}x${window.height}`, {
      body: await page.screenshot(),
      contentType: 'image/png',
    });

    await publish.click();
    await expect(page.getByText('Your voice post has been uploaded!', { exact: true })).toBeVisible({
      timeout: 30_000,
    });
  });
}
