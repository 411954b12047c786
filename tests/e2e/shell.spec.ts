import { expect, test } from './fixtures';
import { signUpQuickly, uniqueEmail } from './support';

test('a newcomer signs up through the sign-in page and lands on Home', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/api\/login$/);
  await page.getByRole('link', { name: 'Create an account' }).click();

  await page.getByLabel('First name').fill('Maya');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('E-mail').fill(uniqueEmail('maya'));
  await page.getByLabel('Password').fill('a good password');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Share your voice with the world')).toBeVisible();
  await expect(page.getByText(/Maya/).first()).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('a wrong password is explained on the sign-in page', async ({ page }) => {
  await page.goto('/api/login');
  await page.getByLabel('E-mail').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('do not match an account');
});

test('the chosen theme survives a reload', async ({ page }) => {
  await signUpQuickly(page);
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page
    .getByRole('button', { name: /dark theme/i })
    .first()
    .click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page
    .getByRole('button', { name: /light theme/i })
    .first()
    .click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('signing out returns to the landing page and the session is gone', async ({ page }) => {
  await signUpQuickly(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  const answer = await page.request.get('/api/auth/user');
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toBeNull();
});

test('an unknown path shows the 404 page, signed in or not', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await signUpQuickly(page);
  await page.goto('/no-such-page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('every signed-in route of the spec opens, from the side navigation', async ({ page }) => {
  await signUpQuickly(page);
  await page.goto('/');
  for (const name of ['Discover', 'Conversations', 'Voice Drafts', 'Profile', 'Notifications', 'Home']) {
    const link = page.getByRole('navigation').getByRole('link', { name, exact: true }).first();
    await link.click();
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('404 Page Not Found')).toHaveCount(0);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows the bottom tab bar and the top bar instead of the side navigation', async ({ page }) => {
    await signUpQuickly(page);
    await page.goto('/');
    const tabs = page.getByRole('navigation', { name: 'Main' });
    await expect(tabs).toHaveCount(1);
    await expect(tabs.getByRole('link')).toHaveText([
      'Home',
      'Discover',
      'Conversations',
      'Voice Drafts',
      'Profile',
    ]);
    await tabs.getByRole('link', { name: 'Discover' }).click();
    await expect(page).toHaveURL(/\/discover$/);
    await expect(tabs.getByRole('link', { name: 'Discover' })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('link', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    // No lone Sign Out icon in the top bar: it is in Settings, one deliberate step away.
    const topBar = page.getByRole('banner');
    await expect(page.getByRole('link', { name: 'Sign Out' })).toHaveCount(0);
    await topBar.getByRole('link', { name: 'Settings' }).click();
    const account = page.getByRole('region', { name: 'Account', exact: true });
    await expect(account).toContainText(/Signed in as .+@/);
    await account.getByRole('link', { name: 'Sign Out' }).click();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });
});

test('a screen that fails to render offers a way back instead of a blank page', async ({ page }) => {
  await signUpQuickly(page);
  // A feed item the client cannot draw, as a broken server answer would be.
  await page.route('**/api/feed*', (route) => route.fulfill({ json: [{ id: 'broken', type: 'post' }] }));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await page.unroute('**/api/feed*');
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByText('Share your voice with the world')).toBeVisible();
});

test.describe('a first visit, its service worker installing', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a signed-out visitor’s page load logs no console error', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
