import { readFileSync } from 'node:fs';
import { errnoCode } from '../errors/errnoCode.ts';

/**
 * The state letter of a process in Linux's `/proc/PID/stat` (R, S, D, Z, T, …); undefined where
 * there is no /proc (macOS) or the process is gone. The command name in parentheses may itself
 * hold spaces and parentheses, so the state is read after the last `)`.
 */
export function procState(pid: number): string | undefined {
  return procStatFields(pid)?.[0];
}

/** The fields of `/proc/PID/stat` after the command name: state, ppid, …; undefined without /proc. */
export function procStatFields(pid: number): readonly string[] | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  return stat
    .slice(stat.lastIndexOf(')') + 1)
    .trim()
    .split(' ');
}

/**
 * Whether a process on this host can still be running code. A zombie (state Z) has exited and
 * only waits for its parent to reap it — which, in a container without an init, never happens —
 * so it holds nothing: its lease and its lock are a dead holder's.
 */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    if (errnoCode(e) !== 'EPERM') return false;
  }
  return procState(pid) !== 'Z';
}

/**
 * The pid of the launcher (bin/perpflow.js re-executing itself on Node 24) that started `pid`:
 * the pid the operator knows, and the one a supervisor kills. Undefined when `pid` was started
 * directly, its launcher is gone, or there is no /proc to ask.
 */
export function launcherOf(pid: number): number | undefined {
  const ppid = Number(procStatFields(pid)?.[1]);
  if (!Number.isInteger(ppid) || ppid <= 1) return undefined;
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${ppid}/cmdline`, 'utf8');
  } catch {
    return undefined;
  }
  return cmdline.split('\0').some((arg) => /(^|\/)perpflow(\.js)?$/.test(arg)) ? ppid : undefined;
}
