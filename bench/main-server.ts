import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { send } from './http-load';
import { repoRoot, type Workspace } from './workspace';

const START_TIMEOUT_MS = 60_000;

export interface MainServer {
  port: number;
  pid: number;
  child: ChildProcess;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return address.port;
}

async function waitForHealth(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) while starting`);
    try {
      if ((await send(port, { path: '/api/health' })).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`the server did not become healthy within ${START_TIMEOUT_MS / 1000} s`);
}

/** The Node.js options `npm run serve` starts the server with (package.json), so the bench passes the same. */
async function serveNodeOptions(): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { serve: string };
  };
  return manifest.scripts.serve.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * The whole server as an operator runs it (`src/server/main.ts` with the Node.js options of `npm run serve`: jobs,
 * maintenance; NODE_ENV=production, SQLite unless `env` names a database, LOG_LEVEL=warn) on 127.0.0.1, in a process group of its own that the workspace
 * ends with its ffmpeg processes. `entry` is the source by default; the build (`dist/server/main.js`) also serves
 * the built client.
 */
export async function startMainServer(
  workspace: Workspace,
  dataDir: string,
  env: Record<string, string> = {},
  entry = path.join('src', 'server', 'main.ts'),
): Promise<MainServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [...(await serveNodeOptions()), '--import', 'tsx', entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The bench signs its readers up from 127.0.0.1.
      SIGNUPS_PER_HOUR_PER_ADDRESS: '0',
      ...env,
    },
    // Its log lines go to our stderr with the progress, never into the table on stdout.
    stdio: ['ignore', 2, 2],
    detached: true,
  });
  workspace.track(child, { groupLeader: true });
  await waitForHealth(port, child);
  return { port, pid: child.pid!, child };
}
