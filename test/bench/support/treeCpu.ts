import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports a process's CPU in clock ticks, 100 per second on every kernel Node runs on here. */
const TICKS_PER_SECOND = 100;

interface Proc {
  readonly ppid: number;
  readonly cpuMs: number;
}

/** utime + stime of one live process, from /proc/PID/stat; undefined when it is gone. */
function readProc(pid: number): Proc | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields start after its ')'.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(f[11]) + Number(f[12]);
    return { ppid: Number(f[1]), cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

/**
 * CPU milliseconds used so far by the live descendants of `root` (not `root` itself): the
 * simulator and PostgreSQL processes a bench started, whose CPU `process.cpuUsage()` cannot see.
 * Linux only; elsewhere 0.
 */
export function descendantsCpuMs(root: number = process.pid): number {
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number);
  } catch {
    return 0;
  }
  const procs = new Map<number, Proc>();
  for (const pid of pids) {
    const p = readProc(pid);
    if (p !== undefined) procs.set(pid, p);
  }
  const below = (pid: number): boolean => {
    for (let p = procs.get(pid)?.ppid; p !== undefined && p > 1; p = procs.get(p)?.ppid)
      if (p === root) return true;
    return false;
  };
  let ms = 0;
  for (const [pid, p] of procs) if (below(pid)) ms += p.cpuMs;
  return ms;
}
