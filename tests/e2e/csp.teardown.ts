import { expect, test } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { cspReportsDir } from './server';

// Runs after every other spec, once every worker has stopped its server: each page any of them opened reported to
// its server what its Content-Security-Policy blocked, and each server's list was kept as it stopped
// (tests/e2e/server.ts). Empty lists mean the whole app works under the policy.
test('no page of the app tripped its Content-Security-Policy', async () => {
  const files = await readdir(cspReportsDir()).catch(() => []);
  expect(files.length, 'the reports kept by the run’s servers').toBeGreaterThan(0);
  const reports = await Promise.all(
    files.map(
      async (file) => JSON.parse(await readFile(path.join(cspReportsDir(), file), 'utf8')) as unknown[],
    ),
  );
  expect(reports.flat()).toEqual([]);
});
