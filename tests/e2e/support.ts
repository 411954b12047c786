import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

/** Creates an account through the API; the page's browser context then carries the session cookie. */
export async function signUpQuickly(page: Page, firstName = 'Quinn', lastName = 'Quick'): Promise<void> {
  const response = await page.request.post('/api/register', {
    data: { email: uniqueEmail(), password: 'e2e password', firstName, lastName },
  });
  if (response.status() !== 201)
    throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
}
