import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { writeMicrophoneWav } from '../support/microphone';
import { microphoneWavPath } from './microphone';

/**
 * Once per run, before any worker starts: the production bundle, as people get it (each worker then starts its
 * own server from it, tests/e2e/fixtures.ts), and the run's directory with the fake microphone's voice in it.
 * With E2E_SKIP_BUILD=1 it takes the dist/ a build just made (CI builds once for this and the engines tier).
 * Workers inherit E2E_RUN_DIR. Answers the teardown that removes the directory.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'earshot-e2e-run-'));
  process.env.E2E_RUN_DIR = dir;
  await Promise.all([
    process.env.E2E_SKIP_BUILD === '1'
      ? undefined
      : promisify(execFile)('npm', ['run', 'build'], {
          env: { ...process.env, NODE_ENV: 'production' },
          maxBuffer: 16 * 1024 * 1024,
        }),
    writeMicrophoneWav(microphoneWavPath()),
  ]);
  return () => rm(dir, { recursive: true, force: true });
}
