import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Config } from '../../../src/server/config';
import { waitFor } from './waits';

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Everything the server has written to stdout and stderr so far. */
  output(): string;
  /** Kills the server if it still runs. */
  stop(): Promise<void>;
}

/** The environment that runs `src/server/main.ts` on a test configuration's data directory and database. */
export function serverEnv(config: Config): NodeJS.ProcessEnv {
  const database = config.database;
  return {
    ...process.env,
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: config.dataDir,
    LOG_LEVEL: 'info',
    ...(database.kind === 'postgres' ? { DATABASE_URL: database.url, DATABASE_SCHEMA: database.schema } : {}),
  };
}

/** Starts the real server as a process of its own and waits until it listens. */
export async function startServerProcess(env: NodeJS.ProcessEnv, timeoutMs = 20_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  try {
    const origin = await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
        return /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      },
      timeoutMs,
      'the server to listen',
    );
    return { child, origin, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
