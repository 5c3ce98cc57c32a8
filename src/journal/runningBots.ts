import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { errnoCode } from '../errors/errnoCode.ts';
import { hostStateDir } from './hostDir.ts';

/** One bot process as it registered itself at start. */
export interface RunningBot {
  readonly pid: number;
  readonly host: string;
  readonly mode: string;
  /** Absolute paths. */
  readonly config: string;
  readonly journal: string;
  /** The venue account it trades (the lease scope). */
  readonly account: string;
  readonly startedAt: number;
  /** The control API's URL, when the bot serves one (`perpflow close|pause|cancel` call it). */
  readonly console?: string;
  /** Set by an orderly stop; a crashed bot's entry keeps its pid and is judged by it. */
  readonly stopped?: boolean;
}

const PREFIX = 'bot-';

/** Entries kept for the list of known journals; older ones are pruned at each start. */
const KEEP = 20;

/** Alive, and (where /proc tells) still a Node process: a crashed bot's pid may have been reused. */
export function botAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if (errnoCode(e) !== 'EPERM') return false;
  }
  const cmdline = `/proc/${pid}/cmdline`;
  if (!existsSync(cmdline)) return true;
  try {
    return /node|perpflow/.test(readFileSync(cmdline, 'utf8'));
  } catch {
    return true;
  }
}

/**
 * Writes this bot into the host-wide registry, so `perpflow halt` and `resume` find it whatever
 * its mode, config or journal. Returns the function that marks the entry stopped at an orderly
 * stop; a crashed bot's entry is recognised as dead by its pid. Either still names its journal.
 */
export function registerRunningBot(bot: Omit<RunningBot, 'pid' | 'host'>, dir = hostStateDir()): () => void {
  for (const old of registeredBots(dir).slice(KEEP))
    rmSync(join(dir, `${PREFIX}${old.pid}.json`), { force: true });
  const file = join(dir, `${PREFIX}${process.pid}.json`);
  const entry: RunningBot = { ...bot, pid: process.pid, host: hostname() };
  writeFileSync(file, `${JSON.stringify(entry)}\n`);
  return () => writeFileSync(file, `${JSON.stringify({ ...entry, stopped: true })}\n`);
}

/** Every registered bot, running or not (a crashed one left its entry), newest first. */
export function registeredBots(dir = hostStateDir()): (RunningBot & { readonly running: boolean })[] {
  const out: (RunningBot & { running: boolean })[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(PREFIX) || !name.endsWith('.json')) continue;
    try {
      const bot: RunningBot = JSON.parse(readFileSync(join(dir, name), 'utf8'));
      out.push({ ...bot, running: bot.stopped !== true && bot.host === hostname() && botAlive(bot.pid) });
    } catch {
      // half-written by a bot that died while starting: nothing to learn from it
    }
  }
  return out.sort((a, b) => b.startedAt - a.startedAt);
}

/** The bots that run now on this host. */
export function runningBots(dir = hostStateDir()): RunningBot[] {
  return registeredBots(dir).filter((b) => b.running);
}
