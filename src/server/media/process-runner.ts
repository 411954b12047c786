import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism, constants, setPriority } from 'node:os';
import type { Readable } from 'node:stream';

export class MediaProcessError extends Error {
  constructor(
    message: string,
    /** Why: it exited with an error, ran past its time limit, or could not be started at all. */
    readonly reason: 'failed' | 'timed-out' | 'not-started' = 'failed',
    /** The exit code, or the signal that ended it, of a process that failed. */
    readonly exitedWith?: number | NodeJS.Signals,
  ) {
    super(message);
  }
}

/** Caps how many media processes run at once, so a burst of uploads queues instead of starving the server. */
export class ProcessLimiter {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  private readonly capacity: number;

  constructor(capacity?: number) {
    this.capacity = capacity ?? Math.max(1, availableParallelism());
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A waiting task is handed the slot of the one that ends: were the slot freed first, a newcomer arriving before
    // the waiter resumes would take it too, one more than the capacity.
    if (this.running < this.capacity) this.running += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

export interface RunOptions {
  timeoutMs: number;
  /** Receives stdout as it streams; when absent, stdout is collected and returned. */
  onStdout?: (stdout: Readable) => void;
  /** Working directory, so arguments can name files in it without a path. */
  cwd?: string;
  /** Kills the process when aborted; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** A run that exits 0 yet says this on stderr failed all the same. */
  failOnStderr?: RegExp;
  /** Background work nobody waits for: the process runs at the lowest CPU priority (nice 19). */
  lowPriority?: boolean;
}

/**
 * Kills the process and everything it started: a wrapper script's children would otherwise keep stdout open, and
 * the run would not end until they did.
 */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL'); // the group is gone already
  }
}

/**
 * The process groups of runs not yet over. Each runs in a group of its own, so none dies with this process: they
 * are killed when it exits (SIGKILL of this process cannot be caught, and leaves them running).
 */
const liveGroups = new Set<ChildProcess>();
process.on('exit', () => liveGroups.forEach(killGroup));

function track(child: ChildProcess): void {
  liveGroups.add(child);
  child.once('close', () => liveGroups.delete(child));
}

/**
 * Runs a binary with no shell and no stdin, in a process group of its own; a timeout or non-zero exit rejects with
 * stderr's last lines.
 */
export function runProcess(binary: string, args: string[], options: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(options.signal.reason);
    const child = spawn(binary, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: options.cwd,
      detached: true,
    });
    track(child);
    if (options.lowPriority && child.pid !== undefined) {
      try {
        setPriority(child.pid, constants.priority.PRIORITY_LOW);
      } catch {
        // Already gone: its exit is reported below.
      }
    }
    const stdoutChunks: Buffer[] = [];
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, options.timeoutMs);

    const onAbort = () => killGroup(child);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.onStdout) options.onStdout(child.stdout);
    else child.stdout.on('data', (chunk: Buffer) => stdoutChunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000); // errors are in the last lines
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      reject(new MediaProcessError(`Could not start ${binary}: ${error.message}`, 'not-started'));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (options.signal?.aborted) {
        reject(options.signal.reason);
      } else if (timedOut) {
        reject(
          new MediaProcessError(
            `${binary} took longer than ${options.timeoutMs} ms and was stopped`,
            'timed-out',
          ),
        );
      } else if (code !== 0 || options.failOnStderr?.test(stderr)) {
        const exitedWith = signal ?? code ?? undefined;
        reject(
          new MediaProcessError(
            `${binary} failed (${exitedWith}): ${stderr.trim().slice(-1000)}`,
            'failed',
            exitedWith,
          ),
        );
      } else {
        resolve(Buffer.concat(stdoutChunks).toString('utf8'));
      }
    });
  });
}
