import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expectNoSeriousA11yViolations, publishPost, uniqueEmail } from './support';

/**
 * Leaving with one's data (issue 17): Settings' "Your data" downloads a ZIP of everything of the person, and
 * "Delete account" deletes it with the password, signs them out and brings them to the landing page.
 */

const WAIT = { timeout: 15_000 };
const run = promisify(execFile);
const PASSWORD = 'e2e password';

async function signUp(page: Page, firstName: string): Promise<{ email: string; id: string }> {
  const email = uniqueEmail(firstName.toLowerCase());
  const response = await page.request.post('/api/register', {
    data: { email, password: PASSWORD, firstName, lastName: 'Leaving' },
    timeout: 15_000,
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, id: ((await response.json()) as { id: string }).id };
}

test('download my data: one ZIP with the index, the profile and each post’s original audio', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, 'Ada');
  const post = await publishPost(page.request, { title: 'Taking this with me', seconds: 2 });
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible(WAIT);
  await expect(section).toContainText('index.json');
  await expectNoSeriousA11yViolations(page, 'main', 'the settings page');

  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    section.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^earshot-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-export-'));
  try {
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const entries = (await run('unzip', ['-Z1', file])).stdout.trim().split('\n').sort();
    expect(entries).toEqual(['index.json', `posts/${post.id}/original.webm`, 'profile.json']);
    const index = JSON.parse((await run('unzip', ['-p', file, 'index.json'])).stdout) as {
      entries: Array<{ kind: string; id: string; metadata: { title: string } }>;
    };
    expect(index.entries).toEqual([
      expect.objectContaining({
        kind: 'post',
        id: post.id,
        metadata: expect.objectContaining({ title: post.title }),
      }),
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('delete my account with the password: signed out, on the landing page, and gone', async ({ page }) => {
  test.setTimeout(90_000);
  const ada = await signUp(page, 'Bea');
  await publishPost(page.request, { title: 'Soon gone', seconds: 1 });
  await page.goto('/settings');
  await page
    .getByRole('region', { name: 'Delete account' })
    .getByRole('button', { name: 'Delete my account' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible(WAIT);
  await expectNoSeriousA11yViolations(page, '[role="dialog"]', 'the delete account dialog');

  await test.step('a wrong password is refused and says so; nothing is deleted', async () => {
    await dialog.getByLabel('Your password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByRole('alert')).toContainText('That is not your password', WAIT);
  });

  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Say it out loud/ })).toBeVisible(WAIT);
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('region', { name: /^Notifications/ }).getByText('Your account was deleted'),
  ).toBeVisible(WAIT);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /Say it out loud/ })).toBeVisible(WAIT);
  expect(await (await page.request.get('/api/auth/user')).json()).toBeNull();
  const signIn = await page.request.post('/api/login', { data: { email: ada.email, password: PASSWORD } });
  expect(signIn.status()).toBe(401);
  expect((await page.request.get(`/api/users/${ada.id}`)).status()).toBe(404);
});
