import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

/** Flags every Chromium we start needs on this kind of machine (no network, root, no GPU). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--autoplay-policy=no-user-gesture-required',
];
/** The moderator of each e2e server (made with `npm run moderator -- grant`). */
export const MODERATOR_EMAIL = 'moderator@example.test';

/** Debian's Chromium, as people run it (`CHROMIUM_PATH` names another). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's headless build of that same Chromium (package chromium-headless-shell), which is what Playwright itself
 * runs headless tests in: the same Blink and V8 without the browser's own interface, for a fifth less CPU in the e2e
 * suite (issue 26: 757 against 978 CPU-s). It has no push service nor notifications, so the push spec runs in the full browser, as does
 * the cross-engine tier. Where it is not installed, or `CHROMIUM_PATH` names a browser, every spec runs in that one.
 */
const headlessShellPath = '/usr/bin/chromium-headless-shell';
const e2eChromiumPath =
  process.env.CHROMIUM_PATH || !existsSync(headlessShellPath) ? chromiumPath : headlessShellPath;
const needsFullBrowser = /push\.spec\.ts$/;

/**
 * The production bundle is built once (tests/e2e/global-setup.ts); each worker then starts a server of its own from
 * it, on port E2E_PORT + its index with a DATA_DIR of its own (tests/e2e/fixtures.ts), so the tests run in parallel
 * without seeing each other's people or posts.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // A limit catches a hang, not a slow machine: on the 2-core machine of 2 Dec, whose page faults are dear, the suite
  // took 11 min against 3.5 min on 1 Dec's, and a test up to three times as long.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Most of a test's time is spent waiting (recordings, playback, the countdown), so twice the cores of a 2-core machine.
  workers: Number(process.env.E2E_WORKERS ?? 4),
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  // Not test-results/ itself, which Playwright empties as it starts: CI runs the engines tier (test-results/engines)
  // at the same time.
  outputDir: 'test-results/e2e',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: e2eChromiumPath, args: chromiumArgs },
    // Four workers share two cores: a page that is still starting up may take longer to answer a click.
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    // A failed test's trace keeps its actions, console and sources, its page as the accessibility tree saw it
    // (error-context.md) and a screenshot. Not the screencast nor DOM snapshots (with the network bodies they keep):
    // recorded in every passing test, snapshots alone were a quarter of the suite's CPU time (issue 26).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    // Each new context's service worker fetches and keeps the whole build (over 100 files), a fifth of what was
    // left of the suite's CPU time; only the tests about the worker (offline, the share sheet, push, a first visit) let
    // it run, with `test.use({ serviceWorkers: 'allow' })`.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'e2e', testIgnore: [/\.teardown\.ts$/, needsFullBrowser], teardown: 'content security policy' },
    {
      name: 'e2e in the full browser',
      testMatch: needsFullBrowser,
      use: { launchOptions: { executablePath: chromiumPath, args: chromiumArgs } },
      teardown: 'content security policy',
    },
    { name: 'content security policy', testMatch: /csp\.teardown\.ts$/ },
  ],
});
