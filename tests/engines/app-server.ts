import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnBuiltServer } from '../support/built-server';

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
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killed);
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const healthy = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the app server on port ${port} did not start:\n${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
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
