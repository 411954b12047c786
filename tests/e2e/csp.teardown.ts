import { expect, test } from '@playwright/test';

// Runs after every other spec: each page any of them opened reported to the server what its
// Content-Security-Policy blocked, so an empty list means the whole app works under the policy.
test('no page of the app tripped its Content-Security-Policy', async ({ request }) => {
  const response = await request.get('/api/test/csp-reports');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual([]);
});
