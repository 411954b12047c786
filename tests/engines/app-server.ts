import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnBuiltServer, stopProcess, untilHealthy } from '../support/built-server';

/** The production build's server (dist/server/main.js), one per engine, with a DATA_DIR and port of its own. */
export interface AppServer {
  origin: string;
  dataDir: string;
  /** Stops it (the network gone, as far as the browser can tell); answers once it has exited. */
  stop(): Promise<void>;
  /** Stops it and removes its DATA_DIR. */
  dispose(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;

/** Its log (LOG_LEVEL from ENGINES_LOG_LEVEL, warn unless set) goes to `logFile`, its start-up errors also to the error thrown. */
export async function startAppServer(port: number, logFile: string): Promise<AppServer> {
  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = openSync(logFile, 'w');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'earshot-engines-'));
  const origin = `http://127.0.0.1:${port}`;
  const child = spawnBuiltServer({
    port,
    dataDir,
    logLevel: process.env.ENGINES_LOG_LEVEL ?? 'warn',
    stdout: log,
  });
  closeSync(log);
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const stop = () => stopProcess(child, 5_000);

  try {
    await untilHealthy(origin, child, START_TIMEOUT_MS);
  } catch (error) {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}:\n${errors}`);
  }
  return {
    origin,
    dataDir,
    stop,
    dispose: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
