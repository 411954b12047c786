import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
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

/** Points of the avatar circle (fractions of its width and height), all well inside it. */
const SAMPLE_POINTS = [
  [0.3, 0.5],
  [0.5, 0.2],
  [0.5, 0.8],
  [0.68, 0.5],
  [0.82, 0.5],
  [0.86, 0.4],
  [0.25, 0.3],
] as const;
const EXPECTED_HALVES = ['left', 'left', 'left', 'left', 'right', 'right', 'left'];

/** Which half of the test picture each sample point shows: `left` (orange), `right` (blue), or `neither`. */
async function halvesSeenAt(circle: Locator): Promise<string[]> {
  const { data, info } = await sharp(await circle.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return SAMPLE_POINTS.map(([fx, fy]) => {
    const offset = (Math.floor(fy * info.height) * info.width + Math.floor(fx * info.width)) * info.channels;
    const [red, , blue] = [data[offset]!, data[offset + 1]!, data[offset + 2]!];
    if (red > 200 && blue < 90) return 'left';
    if (blue > 100 && red < 70) return 'right';
    return 'neither';
  });
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
  await test.step('zoom, then a drag moves the picture only as far as it still covers the circle', async () => {
    await page.getByRole('button', { name: 'Adjust position' }).click();
    await expect(preview).toBeVisible();
    const box = (await preview.boundingBox())!;
    expect(Math.round(box.width)).toBe(128);
    await preview.press('+');
    await preview.press('+');
    await expect(adjuster.getByRole('slider', { name: 'Zoom' })).toHaveAttribute('aria-valuenow', '1.5');
    await page.mouse.move(box.x + 64, box.y + 64);
    await page.mouse.down();
    await page.mouse.move(box.x + 64 + 200, box.y + 64, { steps: 5 });
    await page.mouse.up();
    await expect(adjuster.getByText('0% across, 50% down, zoom 1.50×')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '[role="dialog"]', 'the position adjuster');
    await testInfo.attach('adjuster', { body: await page.screenshot(), contentType: 'image/png' });
    await adjuster.getByRole('button', { name: 'Save' }).click();
    await expect(adjuster).toBeHidden(WAIT);
    expect(await me(page)).toMatchObject({
      profileImagePositionX: 0,
      profileImagePositionY: 50,
      profileImageZoom: 1.5,
    });
  });

  await test.step('after a reload the 40 px and the 128 px avatar show the same framing, circle covered', async () => {
    await page.reload();
    const { profileImageUrl } = await me(page);
    const large = header.locator(`img[src="${profileImageUrl}"]`);
    const small = page.getByRole('complementary').locator(`img[src="${profileImageUrl}"]`);
    const sizes = [];
    for (const avatar of [small, large]) {
      await expect
        .poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth), WAIT)
        .toBeGreaterThan(0);
      const circle = avatar.locator('..');
      sizes.push(Math.round((await circle.boundingBox())!.width));
      // Zoom 1.5 on the picture's left edge: its orange left half fills the circle up to three quarters across.
      expect(await halvesSeenAt(circle)).toEqual(EXPECTED_HALVES);
    }
    expect(sizes).toEqual([40, 120]);
    await testInfo.attach('framed-avatars', { body: await page.screenshot(), contentType: 'image/png' });
  });

  await test.step('Reset and save goes back to the centre', async () => {
    await page.getByRole('button', { name: 'Adjust position' }).click();
    await expect(adjuster.getByText('0% across, 50% down, zoom 1.50×')).toBeVisible();
    await adjuster.getByRole('button', { name: 'Reset' }).click();
    await expect(adjuster.getByText('Centred')).toBeVisible();
    await adjuster.getByRole('button', { name: 'Save' }).click();
    await expect(adjuster).toBeHidden(WAIT);
    expect(await me(page)).toMatchObject({
      profileImagePositionX: 50,
      profileImagePositionY: 50,
      profileImageZoom: 1,
    });
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
