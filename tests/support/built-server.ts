import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Starts the production build's server (dist/server/main.js, which the caller has built) with NODE_ENV=test on
 * `port` and `dataDir`, as the e2e and cross-engine tiers run it. Its stderr is always piped; `stdout` says where its
 * log goes.
 */
export function spawnBuiltServer(options: {
  port: number;
  dataDir: string;
  logLevel: string;
  /** 'ignore', or a file descriptor open for writing. */
  stdout: 'ignore' | number;
}): ChildProcessByStdio<null, null, Readable> {
  return spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: options.logLevel,
      // Every test signs its people up from 127.0.0.1.
      SIGNUPS_PER_HOUR_PER_ADDRESS: '0',
    },
    stdio: ['ignore', options.stdout, 'pipe'],
    // Node's types know a piped stderr only when stdout is 'ignore', 'inherit' or a stream, not a descriptor.
  }) as ChildProcessByStdio<null, null, Readable>;
}

/** Whether a server answers `origin`'s health check. */
export function answersHealth(origin: string): Promise<boolean> {
  return fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.ok,
    () => false,
  );
}

/** Until the server `child` answers `origin`'s health check; throws if it exits first or takes over `timeoutMs`. */
export async function untilHealthy(origin: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await answersHealth(origin))) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server for ${origin} exited while starting`);
    if (Date.now() > deadline)
      throw new Error(`the server for ${origin} did not answer /api/health within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Stops `child` (SIGTERM, then SIGKILL after `graceMs`) and answers once it has exited. */
export async function stopProcess(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killed = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(killed);
}
