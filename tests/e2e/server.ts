import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnBuiltServer } from '../support/built-server';

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
  if (await answers(url))
    throw new Error(`Something already listens on ${url}: set E2E_PORT to a free range.`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-e2e-'));
  const child = spawnBuiltServer({ port, dataDir, logLevel: 'warn', stdout: 'ignore' });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(`[server ${port}] ${chunk.toString()}`));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A worker that dies takes its server with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const terminate = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
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
    await waitUntilHealthy(url, () => child.exitCode !== null || child.signalCode !== null);
  } catch (error) {
    await terminate();
    throw error;
  }
  return { url, dataDir, stop };
}

async function waitUntilHealthy(url: string, hasExited: () => boolean): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error(`the e2e server for ${url} exited while starting`);
    if (await answers(url)) return;
    await sleep(100);
  }
  throw new Error(`the e2e server for ${url} did not answer /api/health within ${READY_TIMEOUT_MS} ms`);
}

async function answers(url: string): Promise<boolean> {
  return fetch(`${url}/api/health`).then(
    (response) => response.ok,
    () => false,
  );
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
