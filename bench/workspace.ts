import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * One temp directory for the whole run and every child process the bench starts, so that a normal end, an
 * error or Ctrl-C all leave nothing behind. Server children are started in their own process group, so killing
 * the group also ends any ffmpeg they started.
 */
export class Workspace {
  /** Each live child, and whether it leads its own process group (spawned with `detached: true`). */
  private readonly children = new Map<ChildProcess, boolean>();
  private disposing: Promise<void> | undefined;

  private constructor(readonly root: string) {}

  static async create(): Promise<Workspace> {
    return new Workspace(await mkdtemp(path.join(os.tmpdir(), 'earshot-bench-')));
  }

  async dir(name: string): Promise<string> {
    const directory = path.join(this.root, name);
    await mkdir(directory, { recursive: true });
    return directory;
  }

  track(child: ChildProcess, options: { groupLeader: boolean }): void {
    this.children.set(child, options.groupLeader);
    child.once('exit', () => {
      // Its group may still hold processes it started, so a group leader stays known until stop().
      if (!options.groupLeader) this.children.delete(child);
    });
  }

  /** Ends a tracked child (and its process group when it leads one) and waits for it to exit. */
  async stop(child: ChildProcess, graceMs = 3000): Promise<void> {
    const groupLeader = this.children.get(child) ?? false;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // Only the leader is asked to stop gracefully: a SIGTERM to the group would fail its ffmpeg jobs first.
      signal(child, 'SIGTERM', false);
      const timer = setTimeout(() => signal(child, 'SIGKILL', groupLeader), graceMs);
      await exited;
      clearTimeout(timer);
    }
    // Whatever the child started and left running (an ffmpeg of a background job) goes with its group.
    if (groupLeader) signal(child, 'SIGKILL', true);
    this.children.delete(child);
  }

  /** Safe to call more than once (an error and a signal may both get here): every caller waits for the same end. */
  dispose(): Promise<void> {
    this.disposing ??= (async () => {
      await Promise.all([...this.children.keys()].map((child) => this.stop(child, 1000)));
      await rm(this.root, { recursive: true, force: true });
    })();
    return this.disposing;
  }

  /** Last resort from a synchronous 'exit' handler, where nothing can be awaited. */
  disposeSync(): void {
    for (const [child, groupLeader] of this.children) signal(child, 'SIGKILL', groupLeader);
    this.children.clear();
    rmSync(this.root, { recursive: true, force: true });
  }
}

function signal(child: ChildProcess, name: NodeJS.Signals, group: boolean): void {
  if (child.pid === undefined) return;
  try {
    // A negative pid addresses the whole process group the child leads.
    process.kill(group ? -child.pid : child.pid, name);
  } catch {
    // already gone
  }
}
