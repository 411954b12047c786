import { describe, expect, it } from 'vitest';
import { ProcessLimiter } from './process-runner';

/** A task that counts how many tasks run at once and ends when its finisher is called. */
function countingTasks() {
  let running = 0;
  let most = 0;
  const finishers: Array<() => void> = [];
  const task = () =>
    new Promise<void>((resolve) => {
      running += 1;
      most = Math.max(most, running);
      finishers.push(() => {
        running -= 1;
        resolve();
      });
    });
  return { task, finishers, most: () => most };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('ProcessLimiter', () => {
  it('never runs more than its capacity, even when a newcomer arrives as a slot is handed to a waiting task', async () => {
    const limiter = new ProcessLimiter(1);
    const { task, finishers, most } = countingTasks();
    const first = limiter.run(task);
    const second = limiter.run(task);
    await settled();
    expect(finishers).toHaveLength(1);

    // A third asks just after the first has ended and before the second has resumed (a microtask queued ahead of the
    // first's end runs first and queues the request, which then runs between the two): the slot is the second's.
    let third: Promise<void> | undefined;
    queueMicrotask(() => queueMicrotask(() => (third = limiter.run(task))));
    finishers[0]!();
    await settled();
    expect(most()).toBe(1);
    expect(finishers).toHaveLength(2);

    finishers[1]!();
    await settled();
    finishers[2]!();
    await Promise.all([first, second, third]);
    expect(most()).toBe(1);
  });

  it('frees the slot of a task that fails', async () => {
    const limiter = new ProcessLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('ffmpeg failed')))).rejects.toThrow(
      'ffmpeg failed',
    );
    await expect(limiter.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
