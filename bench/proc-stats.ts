import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';

/** Linux /proc readers: CPU time of processes (including reaped children) and resident memory. */

export const hasProc = process.platform === 'linux';

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** Fields of /proc/<pid>/stat after the command name (which may itself contain spaces and parentheses). */
function statFields(text: string): string[] {
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/**
 * CPU time (user + system, ms) of this process's children that have exited and been reaped. Node reaps a child
 * before it emits 'exit', so after awaiting a child the delta of this value is exactly that child's CPU time.
 */
export function reapedChildrenCpuMs(): number {
  if (!hasProc) return Number.NaN;
  const fields = statFields(readFileSync('/proc/self/stat', 'utf8'));
  // After the name: state is index 0, so utime/stime/cutime/cstime (stat fields 14–17) are indexes 11–14.
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / clockTicks();
}

/** CPU time (user + system, ms) a live process has used so far. */
export async function processCpuMs(pid: number): Promise<number> {
  if (!hasProc) return Number.NaN;
  const fields = statFields(await readFile(`/proc/${pid}/stat`, 'utf8'));
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
}

/** CPU time (user + system, ms) of a live process plus that of the children it has reaped (its ffmpeg runs). */
export async function processTreeCpuMs(pid: number): Promise<number> {
  if (!hasProc) return Number.NaN;
  const fields = statFields(await readFile(`/proc/${pid}/stat`, 'utf8'));
  const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
  return (ticks * 1000) / clockTicks();
}

/** This process's own CPU time (ms), from Node, at microsecond resolution. */
export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

export interface Memory {
  /** Resident set size now, MiB. */
  rssMiB: number;
  /** Highest resident set size since the process started, MiB. */
  hwmMiB: number;
}

export async function memoryOf(pid: number): Promise<Memory> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMiB: kib('VmRSS') / 1024, hwmMiB: kib('VmHWM') / 1024 };
}

export function describeCpu(): string {
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    return /^model name\s*:\s*(.*)$/m.exec(info)?.[1]?.trim() ?? 'unknown CPU';
  } catch {
    return 'unknown CPU';
  }
}
