import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { runLoad, type LoadRequest, type LoadResult } from './http-load';
import { processCpuMs } from './proc-stats';
import { median, pairedRatio } from './report';
import { repoRoot, type Workspace } from './workspace';

const START_TIMEOUT_MS = 60_000;

export interface ServerProcess {
  /** For progress lines and errors: "ours (S3, proxied)". */
  name: string;
  port: number;
  pid: number;
  child: ChildProcess;
}

/**
 * With BENCH_CPU_PROF=<dir>, each server writes a V8 CPU profile there when it exits (`node --cpu-prof`), named
 * after the server, to open in Chrome's DevTools (Performance panel).
 */
function profilerArgs(name: string): string[] {
  const directory = process.env.BENCH_CPU_PROF;
  if (!directory) return [];
  const file = `${name.replace(/[^a-z0-9]+/gi, '-')}-${Date.now()}.cpuprofile`;
  return ['--cpu-prof', '--cpu-prof-dir', path.resolve(directory), '--cpu-prof-name', file];
}

/** Starts a bench entry point in its own process (group) and waits for the port it reports over IPC. */
async function startChild(
  workspace: Workspace,
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...profilerArgs(name), '--import', 'tsx', ...args], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
  workspace.track(child, { groupLeader: true });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} server did not start in time`)),
      START_TIMEOUT_MS,
    );
    child.once('message', (message: { port?: number }) => {
      clearTimeout(timer);
      if (typeof message.port === 'number') resolve(message.port);
      else reject(new Error(`${name} server sent ${JSON.stringify(message)}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} server exited (${code}) before listening`));
    });
  });
  return { name, port, pid: child.pid!, child };
}

/** This shell's own storage settings never reach a bench server: each is told exactly which store it uses. */
function withoutStorageSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => name !== 'STORAGE' && !name.startsWith('S3_')),
  );
}

/**
 * Starts bench/serve.ts (ours, or the floor) over DATA_DIR. `storage` holds STORAGE and the S3_* settings for
 * ours; without it, media is on the disk under DATA_DIR. The floor is told whose feed it answers.
 */
export function startServer(
  workspace: Workspace,
  kind: 'ours' | 'floor',
  dataDir: string,
  options: {
    name?: string;
    storage?: Record<string, string>;
    feedViewer?: { id: string; cookie: string };
  } = {},
): Promise<ServerProcess> {
  return startChild(workspace, options.name ?? kind, [path.join(repoRoot, 'bench', 'serve.ts'), kind], {
    ...withoutStorageSettings(process.env),
    DATA_DIR: dataDir,
    // The bench signs its readers up from 127.0.0.1.
    SIGNUPS_PER_HOUR_PER_ADDRESS: '0',
    ...(options.storage ?? { STORAGE: 'disk' }),
    ...(options.feedViewer && {
      FEED_VIEWER_ID: options.feedViewer.id,
      FEED_VIEWER_COOKIE: options.feedViewer.cookie,
    }),
  });
}

export interface S3Server extends ServerProcess {
  endpoint: string;
  bucket: string;
}

const BENCH_BUCKET = 'earshot-bench';

/** fauxqs (an S3 emulator) with one empty bucket, in a process of its own so its CPU is never counted as ours. */
export async function startS3Server(workspace: Workspace): Promise<S3Server> {
  const server = await startChild(
    workspace,
    'S3 (fauxqs)',
    [path.join(repoRoot, 'bench', 'serve-s3.ts'), BENCH_BUCKET],
    process.env,
  );
  return { ...server, endpoint: `http://127.0.0.1:${server.port}`, bucket: BENCH_BUCKET };
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
  /** The same for the server ours fetched the bytes from (the S3 server), NaN when there is none. */
  upstreamCpuMsPerRequest: number;
}

/** One timed run against a server, with the server's CPU time (and its upstream's) measured around it. */
export async function loadRound(
  server: ServerProcess,
  options: {
    connections: number;
    durationMs: number;
    request: (index: number) => LoadRequest;
    expectStatus: number;
    followRedirect?: boolean;
    upstream?: ServerProcess;
  },
): Promise<RoundResult> {
  const { upstream, ...load } = options;
  const cpuOf = (target?: ServerProcess) => (target ? processCpuMs(target.pid) : Number.NaN);
  const [cpuBefore, upstreamBefore] = await Promise.all([cpuOf(server), cpuOf(upstream)]);
  const result = await runLoad({ port: server.port, maxRequests: 500_000, ...load });
  const [cpuAfter, upstreamAfter] = await Promise.all([cpuOf(server), cpuOf(upstream)]);
  const requests = Math.max(1, result.requests);
  return {
    ...result,
    serverCpuMsPerRequest: (cpuAfter - cpuBefore) / requests,
    upstreamCpuMsPerRequest: (upstreamAfter - upstreamBefore) / requests,
  };
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
