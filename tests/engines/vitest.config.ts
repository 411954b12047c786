import { defineConfig } from 'vitest/config';

/**
 * The cross-engine tier (`npm run test:engines`): the core flows in Chromium, Firefox and WebKit at once, one
 * test file per engine, each with its own app server and browser. Not part of `npm test`: it needs the three
 * browsers (README, "Tests").
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    name: 'engines',
    root: import.meta.dirname + '/../..',
    include: ['tests/engines/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/engines/global-setup.ts'],
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 3,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
