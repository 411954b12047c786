import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3210);
/**
 * The e2e server's DATA_DIR. The config is read again in each worker process, which inherits this variable, so the
 * tests reach the same database (tests/e2e/moderation.spec.ts runs the moderator command on it).
 */
export const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'earshot-e2e-')));

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
/** The moderator of the e2e server (made with `npm run moderator -- grant`). */
export const MODERATOR_EMAIL = 'moderator@example.test';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    trace: 'retain-on-failure',
  },
  projects: [
    // Before anything is published: the empty states.
    { name: 'empty start', testMatch: /empty-home\.spec\.ts$/ },
    {
      name: 'e2e',
      testIgnore: [/\.teardown\.ts$/, /empty-home\.spec\.ts$/],
      dependencies: ['empty start'],
      teardown: 'content security policy',
    },
    { name: 'content security policy', testMatch: /csp\.teardown\.ts$/ },
  ],
  webServer: {
    // The production bundle, as people get it; only the server runs with NODE_ENV=test (for its test helpers).
    command: 'cross-env NODE_ENV=production npm run build && cross-env NODE_ENV=test npm run serve',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every test signs its people up from 127.0.0.1.
      SIGNUPS_PER_HOUR_PER_ADDRESS: '0',
    },
  },
});
