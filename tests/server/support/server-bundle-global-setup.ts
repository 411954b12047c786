import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server bundled by `npm run build:server`, which the suites about a server process start. */
    serverBundle: string;
  }
}

/**
 * Once per run, in vitest's main process: the server bundled as `npm run build:server` bundles it for `npm start`,
 * from the source as it is now. Each start of the bundle costs about half the CPU of starting the source under tsx
 * (2.0 against 3.6 CPU-s, 30 Nov). The folder is the run's own, since CI runs two passes side by side, and inside
 * node_modules, where the bundle's imports of packages resolve.
 */
export default async function setup({ provide }: TestProject): Promise<() => Promise<void>> {
  const cache = path.resolve('node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(path.join(cache, 'earshot-server-'));
  const outfile = path.join(dir, 'server', 'main.js');
  try {
    // The script's own --outfile comes first; esbuild takes the last.
    await promisify(execFile)('npm', ['run', 'build:server', '--', `--outfile=${outfile}`]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  provide('serverBundle', outfile);
  return () => rm(dir, { recursive: true, force: true });
}
