import type { Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { MODERATOR_EMAIL } from '../../playwright.config';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, inEachThemeAndWidth } from './support';

/** Issue 28: a moderator blocks a fediverse domain from the moderation screen, by keyboard, and lifts the block. */

const WAIT = { timeout: 15_000 };

async function signInAsModerator(page: Page, dataDir: string): Promise<void> {
  const credentials = { email: MODERATOR_EMAIL, password: 'e2e moderator password', firstName: 'Morgan' };
  const registered = await page.request.post('/api/register', { data: credentials, timeout: 15_000 });
  if (registered.status() === 201) {
    const { stdout } = await promisify(execFile)(
      'npx',
      ['tsx', 'src/server/moderator-command.ts', 'grant', MODERATOR_EMAIL],
      { env: { ...process.env, DATA_DIR: dataDir } },
    );
    expect(stdout).toMatch(/is now a moderator|was already a moderator/);
    return;
  }
  const signedIn = await page.request.post('/api/login', { data: credentials, timeout: 15_000 });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
}

test('a moderator blocks a domain by keyboard, is told what is wrong with a bad one, and unblocks it', async ({
  page,
  server,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInAsModerator(page, server.dataDir);
  await page.goto('/moderation');
  const section = page.getByRole('region', { name: 'Blocked domains' });
  await expect(section.getByText('No domains are blocked.')).toBeVisible(WAIT);

  const domain = section.getByLabel('Domain');
  await domain.focus();
  await page.keyboard.type('not a domain');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Spam waves');
  await page.keyboard.press('Enter');
  await expect(section.getByRole('alert')).toHaveText(/Type a domain such as spam\.example/, WAIT);

  await domain.fill('');
  await domain.focus();
  await page.keyboard.type('https://Spam.Example/@someone');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(section.getByRole('button', { name: 'Block domain' })).toBeFocused();
  await page.keyboard.press('Enter');
  const row = section.getByRole('listitem').filter({ hasText: 'spam.example' });
  await expect(row).toBeVisible(WAIT);
  await expect(row.getByText('“Spam waves”')).toBeVisible();
  await expect(domain).toHaveValue('');

  await inEachThemeAndWidth(page, async (theme, device) => {
    await expect(row).toBeVisible(WAIT);
    await expectNoSeriousA11yViolations(page, 'main', `the moderation screen, ${theme}, ${device}`);
    const path = testInfo.outputPath(`domain-blocks-${theme}-${device}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`domain-blocks-${theme}-${device}`, { path, contentType: 'image/png' });
  });

  await row.getByRole('button', { name: 'Unblock spam.example' }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByText('No domains are blocked.')).toBeVisible(WAIT);
});
