import { test as base, type WorkerInfo } from '@playwright/test';
import { fakeMicrophoneArgs } from '../support/microphone';
import { microphoneWavPath } from './microphone';
import { startServer, type E2eServer } from './server';

export { expect } from '@playwright/test';

/**
 * Every e2e test's `test`: each Playwright worker has a server of its own (its own port and DATA_DIR) that its
 * pages and requests reach through `baseURL`, and a Chromium whose fake microphone plays the run's tone.
 */

const basePort = Number(process.env.E2E_PORT ?? 3210);

/** Worker n's server listens on E2E_PORT + n; the empty instances of the tests that need one above all those. */
function portFor(workerInfo: WorkerInfo, instance: 'worker' | 'empty'): number {
  const offset = instance === 'worker' ? 0 : workerInfo.config.workers;
  return basePort + offset + workerInfo.parallelIndex;
}

/** Starting and stopping a server, with its migrations, on a busy 2-core machine. */
const SERVER_FIXTURE_TIMEOUT_MS = 90_000;

interface TestFixtures {
  emptyServer: E2eServer;
  closeOpenedContexts: void;
}

export const test = base.extend<TestFixtures, { server: E2eServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const server = await startServer(portFor(workerInfo, 'worker'));
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: SERVER_FIXTURE_TIMEOUT_MS },
  ],
  /** A server that nobody has used yet, for the one test: ask for it and point `baseURL` at it. */
  emptyServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, testInfo) => {
      const server = await startServer(portFor(testInfo, 'empty'));
      await use(server);
      await server.stop();
    },
    { timeout: SERVER_FIXTURE_TIMEOUT_MS },
  ],
  /**
   * Closes the contexts a test opened itself (`browser.newContext()` for a second person), which Playwright leaves
   * open in the worker's browser: their pages, live streams and players ran on through the worker's later tests. A
   * failure in CI on 1 Dec screenshotted five other tests' pages beside its own, which took over 10 s to load.
   */
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close()));
    },
    { auto: true },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  launchOptions: [
    async ({ launchOptions }, use) =>
      use({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), ...fakeMicrophoneArgs(microphoneWavPath())],
      }),
    { scope: 'worker' },
  ],
});
