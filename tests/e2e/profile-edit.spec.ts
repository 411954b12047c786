import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { CurrentUser } from '../../src/shared/contract/users';
import { expectNoSeriousA11yViolations, inEachThemeAndWidth, signUpQuickly } from './support';

/**
 * Editing one's own profile (spec §2 Profile, §4 Profile edit and Position adjuster, §5 Profile): the username
 * rule, the bio counter, a link that shows on the profile, an avatar the server re-encodes and serves from
 * /media/images, then the position adjusted, reset, saved, and still there after a reload.
 */

const WAIT = { timeout: 15_000 };

/** The toast (spec §8); while a dialog is open, the rest of the page is hidden from assistive technology. */
function toast(page: Page, text: string) {
  return page
    .getByRole('region', { name: /^Notifications/, includeHidden: true })
    .getByText(text, { exact: true });
}

async function me(page: Page): Promise<CurrentUser> {
  return (await (await page.request.get('/api/auth/user')).json()) as CurrentUser;
}

/** A 256 px PNG with a bright left half, so a moved picture looks moved. */
function testPicture(): Promise<Buffer> {
  const half = { width: 128, height: 256, channels: 3, background: '#f97316' } as const;
  return sharp({ create: { width: 256, height: 256, channels: 3, background: '#1e3a8a' } })
    .composite([{ input: { create: half }, left: 0, top: 0 }])
    .png()
    .toBuffer();
}

test('edit the profile, pick an avatar, adjust and reset its position', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const ada = await signUpQuickly(page, 'Ada', 'Editor');
  const username = `ada.e-${ada.id
    .slice(0, 6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}`;
  const header = page.locator('main header').first();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Editor' })).toBeVisible(WAIT);

  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await test.step('an invalid username is refused with the spec’s message', async () => {
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await dialog.getByLabel('Username').fill('a!');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const rule =
      'Username must be 3-30 characters and contain only letters, numbers, dots, dashes, and underscores.';
    await expect(toast(page, 'Invalid Username')).toBeVisible();
    await expect(toast(page, rule)).toBeVisible();
    await expect(dialog.getByText(rule)).toBeVisible();
    await expect(dialog.getByLabel('Username')).toBeFocused();
  });

  await test.step('the bio counts, a link and an avatar are added; axe on the dialog', async () => {
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Bio').fill('Field recordings from the harbour.');
    await expect(dialog.getByText('34/500')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add link' }).click();
    await dialog.getByLabel('Link 1 title').fill('My site');
    await dialog.getByLabel('Link 1 address').fill('https://ada.example/');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose profile image' }).click();
    await (await chooser).setFiles({ name: 'ada.png', mimeType: 'image/png', buffer: await testPicture() });
    await expect(dialog.getByRole('img', { name: 'New profile image' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '[role="dialog"]', 'the Edit Profile dialog');
    await testInfo.attach('edit-dialog', { body: await page.screenshot(), contentType: 'image/png' });

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile Updated')).toBeVisible(WAIT);
    await expect(dialog).toBeHidden();
  });

  await test.step('the profile shows the handle, bio, link and the server’s picture', async () => {
    // Both caches: the profile and the signed-in person in the side navigation.
    await expect(header.getByText(`@${username}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('complementary').getByText(`@${username}`, { exact: true })).toBeVisible();
    await expect(page.getByText('Field recordings from the harbour.')).toBeVisible();
    const link = page.getByRole('list', { name: 'Links' }).getByRole('link', { name: /My site/ });
    await expect(link).toHaveAttribute('href', 'https://ada.example/');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    const saved = await me(page);
    expect(saved.profileImageUrl).toMatch(/^\/media\/images\//);
    const avatar = header.locator(`img[src="${saved.profileImageUrl}"]`);
    await expect(avatar).toBeVisible();
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  const adjuster = page.getByRole('dialog', { name: 'Adjust position' });
  const preview = adjuster.getByRole('application', { name: /Position of Ada Editor's picture/ });
  await test.step('drag and arrow keys move the picture, at most half the preview; Reset centres it', async () => {
    await page.getByRole('button', { name: 'Adjust position' }).click();
    await expect(preview).toBeVisible();
    const box = (await preview.boundingBox())!;
    expect(Math.round(box.width)).toBe(128);
    await page.mouse.move(box.x + 64, box.y + 64);
    await page.mouse.down();
    await page.mouse.move(box.x + 64 + 200, box.y + 64 + 20, { steps: 5 });
    await page.mouse.up();
    await expect(adjuster.getByText('64 px right, 20 px down')).toBeVisible();
    await preview.press('ArrowUp');
    await expect(adjuster.getByText('64 px right, 16 px down')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '[role="dialog"]', 'the position adjuster');
    await testInfo.attach('adjuster', { body: await page.screenshot(), contentType: 'image/png' });

    await adjuster.getByRole('button', { name: 'Reset' }).click();
    await expect(adjuster.getByText('Centred')).toBeVisible();
    await preview.press('ArrowLeft');
    await preview.press('ArrowLeft');
    await adjuster.getByRole('button', { name: 'Save' }).click();
    await expect(adjuster).toBeHidden(WAIT);
    await expect.poll(async () => (await me(page)).profileImageOffsetX).toBe(-8);
  });

  await test.step('after a reload the offset is still applied; Reset and save goes back to the centre', async () => {
    await page.reload();
    const saved = await me(page);
    const avatar = header.locator(`img[src="${saved.profileImageUrl}"]`);
    await expect(avatar).toHaveAttribute('style', /translate\(-6\.25%, 0%\)/, WAIT);
    await page.getByRole('button', { name: 'Adjust position' }).click();
    await expect(adjuster.getByText('8 px left')).toBeVisible();
    await adjuster.getByRole('button', { name: 'Reset' }).click();
    await adjuster.getByRole('button', { name: 'Save' }).click();
    await expect(adjuster).toBeHidden(WAIT);
    await page.reload();
    await expect(header.locator(`img[src="${saved.profileImageUrl}"]`)).toHaveAttribute(
      'style',
      /translate\(0%, 0%\)/,
      WAIT,
    );
    expect((await me(page)).profileImageOffsetX).toBe(0);
  });

  await test.step('the header, light and dark, desktop and phone: axe and a screenshot each', async () => {
    await inEachThemeAndWidth(page, async (theme, device) => {
      await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible(WAIT);
      await expectNoSeriousA11yViolations(page, 'main', `own profile header, ${theme}, ${device}`);
      await testInfo.attach(`profile-header-${theme}-${device}`, {
        body: await page.screenshot(),
        contentType: 'image/png',
      });
    });
  });
});
