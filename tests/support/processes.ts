import { readFile } from 'node:fs/promises';

/** Whether the process is alive (a zombie left for its new parent to reap counts as gone). Linux only (/proc). */
export async function isRunning(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
