import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

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
