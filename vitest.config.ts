import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { unsupportedNodeMessage } from './src/server/runtime';

const unsupported = unsupportedNodeMessage();
if (unsupported) throw new Error(unsupported);

/**
 * The server suites whose subject is stored media: what is written to the store, served from it, and removed from
 * it. `npm run test:s3` runs only these on the S3 store; the others reach the store only through the same calls,
 * and the store's own contract tests (tests/server/s3-blob-store.test.ts) run in every `npm test`.
 */
const storageSuites = [
  'account-data',
  'autosave-recovery',
  'conversations',
  'draft-editor',
  'federation-inbound',
  'federation-two-instances',
  'health',
  'legacy-images',
  'link-previews',
  'many-instances',
  'media-pipeline',
  'media-serving',
  'missing-media',
  'owner-media',
  'playable-originals',
  'posts',
  'profile',
  'reach',
  'voice-bio',
].map((name) => `tests/server/${name}.test.ts`);
const missingSuite = storageSuites.find((file) => !existsSync(file));
if (missingSuite) throw new Error(`vitest.config.ts lists ${missingSuite}, which does not exist`);

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Vitest's default on two cores is one worker. One more than cores: server suites wait on servers, ffmpeg and
    // lease expiries, and the others keep the cores busy meanwhile.
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Modules are loaded once per worker, not once per file; no test here changes a module's state.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['src/client/**/*.test.tsx'],
          environment: 'jsdom',
          // A document and module graph of its own for each file. Sharing one per worker (49 → 16 CPU-s) failed about one
          // run in six: a lazily loaded component met another file's copy of a Radix context ("`Tooltip` must be
          // used within `TooltipProvider`") although the modules were loaded afresh for each file. Each file gets a
          // fresh V8 context in a reused worker thread instead of a fresh process: 110 → 49 CPU-s (issue 26).
          pool: 'vmThreads',
          setupFiles: ['src/client/testing/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: process.env.TEST_STORAGE === 's3' ? storageSuites : ['tests/server/**/*.test.ts'],
          // CI's PostgreSQL pass leaves out the storage suites, which its S3 pass runs on PostgreSQL.
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_SERVER_SUITES === 'without-storage' ? storageSuites : []),
          ],
          environment: 'node',
          globalSetup: [
            'tests/server/support/s3-global-setup.ts',
            'tests/server/support/postgres-global-setup.ts',
            'tests/server/support/server-bundle-global-setup.ts',
          ],
          isolate: false,
          // A limit catches a hang, and must not catch a slow machine: the same 2-core kind of machine ran one
          // SQLite pass in 150 s on 1 Dec and in 370 s on 2 Dec (page faults cost far more in its kernel), and CI
          // runs two passes and the checks at once, so tests of 6 s alone took 30 s there (2 Dec). Through the S3
          // server (fauxqs, in Node) the tests that store tens of MB took 25–34 s on a 1 Dec machine.
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
