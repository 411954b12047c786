import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Temp files live in a scratch directory per process, `DATA_DIR/tmp/{uploads,work}/<host>_<pid>_<token>`, so a
 * process that died (kill -9, power loss) can be told from one still writing, even when several instances share
 * one DATA_DIR. The token tells this process apart from an earlier one that had the same pid (containers reuse
 * pids after a restart).
 */

const SCRATCH_KINDS = ['uploads', 'work'] as const;
export type ScratchKind = (typeof SCRATCH_KINDS)[number];

/** A live owner touches its directories this often ... */
export const SCRATCH_HEARTBEAT_MS = 60_000;
/** ... so one untouched this long has no owner any more (the only test for an owner on another host). */
const ABANDONED_AFTER_MS = 10 * 60_000;
/** Loose temp files from versions before scratch directories; kept this long in case such an instance still runs. */
const LOOSE_FILE_MAX_AGE_MS = 24 * 60 * 60_000;

const OWNER_NAME = /^(.+)_(\d+)_([0-9a-f]{12})$/;

const self = {
  host: os.hostname().replace(/[^A-Za-z0-9.-]/g, '-'),
  pid: process.pid,
  token: randomBytes(6).toString('hex'),
};
const ownName = `${self.host}_${self.pid}_${self.token}`;

export function scratchDirectory(dataDir: string, kind: ScratchKind): string {
  return path.join(path.resolve(dataDir), 'tmp', kind, ownName);
}

function pidIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, but another user's
  }
}

function ownerIsGone(name: string, modifiedMs: number, nowMs: number): boolean {
  const owner = OWNER_NAME.exec(name);
  if (!owner) return false; // not a scratch directory: not ours to judge
  // Another host's process cannot be asked, so its heartbeat decides; on this host the process itself does.
  if (owner[1] !== self.host) return nowMs - modifiedMs > ABANDONED_AFTER_MS;
  const pid = Number(owner[2]);
  if (pid === self.pid) return owner[3] !== self.token;
  return !pidIsAlive(pid);
}

/** Marks this process's scratch directories as in use (creating them), for instances on other hosts. */
export async function touchScratch(dataDir: string): Promise<void> {
  const now = new Date();
  for (const kind of SCRATCH_KINDS) {
    const directory = scratchDirectory(dataDir, kind);
    await mkdir(directory, { recursive: true });
    await utimes(directory, now, now);
  }
}

/**
 * Removes the scratch directories of processes that are gone, and loose temp files of older versions once they
 * are a day old. Returns what it removed. Safe while other instances run on the same DATA_DIR.
 */
export async function sweepAbandonedScratch(dataDir: string, nowMs = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  for (const kind of SCRATCH_KINDS) {
    const root = path.join(path.resolve(dataDir), 'tmp', kind);
    let entries;
    try {
      entries = await readdir(root, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const entry of entries) {
      const entryPath = path.join(root, entry.name);
      const modifiedMs = (await stat(entryPath).catch(() => undefined))?.mtimeMs;
      if (modifiedMs === undefined) continue; // removed meanwhile
      const abandoned = entry.isDirectory()
        ? ownerIsGone(entry.name, modifiedMs, nowMs)
        : entry.isFile() && nowMs - modifiedMs > LOOSE_FILE_MAX_AGE_MS;
      if (!abandoned) continue;
      await rm(entryPath, { recursive: true, force: true });
      removed.push(entryPath);
    }
  }
  return removed;
}

/** On a clean exit: everything in this process's scratch directories is left over from aborted work. */
export async function removeOwnScratch(dataDir: string): Promise<void> {
  await Promise.all(
    SCRATCH_KINDS.map((kind) => rm(scratchDirectory(dataDir, kind), { recursive: true, force: true })),
  );
}
