import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { runLoad, type LoadRequest, type LoadResult } from './http-load';
import { processCpuMs } from './proc-stats';
import { median, pairedRatio } from './report';
import { repoRoot, type Workspace } from './workspace';

const START_TIMEOUT_MS = 60_000;

export interface ServerProcess {
  kind: 'ours' | 'floor';
  port: number;
  pid: number;
  child: ChildProcess;
}

/** Starts bench/serve.ts in its own process (group) and waits until it listens. */
export async function startServer(
  workspace: Workspace,
  kind: ServerProcess['kind'],
  dataDir: string,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench', 'serve.ts'), kind], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
  workspace.track(child, { groupLeader: true });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${kind} server did not start in time`)),
      START_TIMEOUT_MS,
    );
    child.once('message', (message: { port?: number }) => {
      clearTimeout(timer);
      if (typeof message.port === 'number') resolve(message.port);
      else reject(new Error(`${kind} server sent ${JSON.stringify(message)}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${kind} server exited (${code}) before listening`));
    });
  });
  return { kind, port, pid: child.pid!, child };
}

export interface HttpBenchOptions {
  ours: ServerProcess;
  floor: ServerProcess;
  cookie: string;
  rounds: number;
  durationMs: number;
  connections: number;
}

export interface RoundResult extends LoadResult {
  /** Server CPU time per answered request, from /proc/<pid>/stat: independent of how fast the client is. */
  serverCpuMsPerRequest: number;
}

/** One timed run against a server, with the server's CPU time measured around it. */
export async function loadRound(
  server: ServerProcess,
  options: {
    connections: number;
    durationMs: number;
    request: (index: number) => LoadRequest;
    expectStatus: number;
  },
): Promise<RoundResult> {
  const cpuBefore = await processCpuMs(server.pid);
  const result = await runLoad({ port: server.port, maxRequests: 500_000, ...options });
  const cpuAfter = await processCpuMs(server.pid);
  return { ...result, serverCpuMsPerRequest: (cpuAfter - cpuBefore) / Math.max(1, result.requests) };
}

export function describeRound(result: RoundResult): string {
  return (
    `${result.rps.toFixed(0)} req/s, p99 ${result.p99Ms.toFixed(1)} ms, ` +
    `server ${result.serverCpuMsPerRequest.toFixed(2)} ms CPU/req, client CPU ${(result.clientCpuShare * 100).toFixed(0)} %` +
    (result.errors ? `, ${result.errors} errors (${result.firstError})` : '')
  );
}

type NumericKey = {
  [K in keyof RoundResult]-?: RoundResult[K] extends number ? K : never;
}[keyof RoundResult];

export function medianOf(results: RoundResult[], key: NumericKey): number {
  return median(results.map((result) => result[key]));
}

/** The median of per-round ratios: each round of ours ran right before its round of the floor. */
export function pairedRatioOf(ours: RoundResult[], floor: RoundResult[], key: NumericKey): number {
  return pairedRatio(
    ours.map((result) => result[key]),
    floor.map((result) => result[key]),
  );
}
