import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { answersHealth, spawnBuiltServer, stopProcess, untilHealthy } from '../support/built-server';

/**
 * One e2e server: the production bundle (`dist/server/main.js`, built once by the global setup) with
 * NODE_ENV=test, in a process of its own, on a DATA_DIR of its own.
 */
export interface E2eServer {
  url: string;
  dataDir: string;
  /** Keeps what its pages reported to its Content-Security-Policy endpoint (csp.teardown.ts reads it), then stops it. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

/** The run's own directory (made by global-setup.ts): the fake microphone's WAV and every server's CSP reports. */
export function runDir(): string {
  const dir = process.env.E2E_RUN_DIR;
  if (!dir) throw new Error('E2E_RUN_DIR is unset: run the e2e tests with `npx playwright test`.');
  return dir;
}

export function cspReportsDir(): string {
  return path.join(runDir(), 'csp-reports');
}

export async function startServer(port: number): Promise<E2eServer> {
  const url = `http://127.0.0.1:${port}`;
  // Else the health check below could be answered by another server (another run's, or one left behind).
  if (await answersHealth(url))
    throw new Error(`Something already listens on ${url}: set E2E_PORT to a free range.`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-e2e-'));
  const child = spawnBuiltServer({ port, dataDir, logLevel: 'warn', stdout: 'ignore' });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(`[server ${port}] ${chunk.toString()}`));
  // A worker that dies takes its server with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const terminate = async () => {
    process.off('exit', killOnExit);
    await stopProcess(child, STOP_TIMEOUT_MS);
    await rm(dataDir, { recursive: true, force: true });
  };
  const stop = async () => {
    try {
      await keepCspReports(url, port);
    } finally {
      await terminate();
    }
  };

  try {
    await untilHealthy(url, child, READY_TIMEOUT_MS);
  } catch (error) {
    await terminate();
    throw error;
  }
  return { url, dataDir, stop };
}

async function keepCspReports(url: string, port: number): Promise<void> {
  const response = await fetch(`${url}/api/test/csp-reports`);
  if (!response.ok) throw new Error(`GET /api/test/csp-reports answered ${response.status}`);
  await mkdir(cspReportsDir(), { recursive: true });
  await writeFile(
    path.join(cspReportsDir(), `${port}-${process.pid}-${Date.now()}.json`),
    await response.text(),
  );
}
