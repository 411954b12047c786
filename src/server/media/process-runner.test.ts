import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { isRunning } from '../../../tests/support/processes';

const runner = fileURLToPath(new URL('./process-runner.ts', import.meta.url));

/** A program that starts `sleep 30` through a shell wrapper with runProcess, prints the sleep's pid, and exits. */
const startSleepThenExit = `
import { runProcess } from ${JSON.stringify(runner)};
runProcess('/bin/sh', ['-c', 'sleep 30 & echo $!; wait'], {
  timeoutMs: 60_000,
  onStdout: (stdout) => stdout.once('data', (pid) => {
    process.stdout.write(pid);
    process.exit(0);
  }),
});
`;

async function goneWithin(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!(await isRunning(pid))) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('runProcess', () => {
  let sleepPid: number | undefined;
  afterEach(async () => {
    if (sleepPid && (await isRunning(sleepPid))) process.kill(sleepPid, 'SIGKILL');
  });

  it('kills what it started, wrapper script and all, when the process that started it exits', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', startSleepThenExit],
      { timeout: 20_000 },
    );
    sleepPid = Number(stdout.trim());
    expect(sleepPid).toBeGreaterThan(0);
    expect(await goneWithin(sleepPid, 5_000), `sleep ${sleepPid} still running`).toBe(true);
  });
});
