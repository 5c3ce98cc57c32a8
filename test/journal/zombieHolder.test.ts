import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { JournalLeaseHeldError } from '../../src/errors/JournalError.ts';
import { acquireHostLock } from '../../src/journal/hostLock.ts';
import type { Journal } from '../../src/journal/Journal.ts';
import { thisHost } from '../../src/journal/lease.ts';
import { openJournal } from '../../src/journal/openJournal.ts';
import { procState } from '../../src/journal/processState.ts';
import { until } from '../run/runHarness.ts';

const SCOPE = 'sim:42161:0xabc';
const parents: ChildProcess[] = [];

/**
 * A process that has exited and is never reaped, as a killed bot is in a container without an
 * init: the shell's background `sleep 0` ends while its parent, `exec`ed into a `sleep` that never
 * waits, keeps it a zombie.
 */
async function zombie(): Promise<number> {
  const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 60'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  parents.push(parent);
  let out = '';
  parent.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  await until(() => /^\d+\n/.test(out), 10_000, 'the zombie pid');
  const pid = Number(out.trim());
  await until(() => procState(pid) === 'Z', 10_000, `pid ${pid} to be a zombie`);
  return pid;
}

/** The pid of a process that has exited and been reaped: nothing of it is left in the process table. */
async function reaped(): Promise<number> {
  const child = spawn('true', [], { stdio: 'ignore' });
  const pid = child.pid as number;
  await new Promise<void>((resolve) => child.once('close', () => resolve()));
  return pid;
}

/** A journal whose lease names `pid` on this host as its holder, and a restart's journal on it. */
function restartOnLeaseOf(pid: number): Journal {
  const path = join(mkdtempSync(join(tmpdir(), 'pf-holder-')), 'j.sqlite');
  const clock = new VirtualClock();
  const killed = openJournal({ path, clock }).journal;
  killed.acquireLease(SCOPE);
  killed.database.prepare('UPDATE lease SET pid=?, host=?').run(pid, thisHost());
  killed.abandon();
  return openJournal({ path, clock }).journal;
}

/** A journal whose lease names `pid` on this host as its holder: a restart on it takes the lease. */
function restartTakesOverLeaseOf(pid: number): void {
  const restart = restartOnLeaseOf(pid);
  expect(() => restart.acquireLease(SCOPE)).not.toThrow();
  restart.close();
}

/** The message of the refusal a restart gets on a lease `pid` holds. */
function refusalOnLeaseOf(pid: number): string {
  const restart = restartOnLeaseOf(pid);
  try {
    restart.acquireLease(SCOPE);
  } catch (e) {
    expect(e).toBeInstanceOf(JournalLeaseHeldError);
    return (e as Error).message;
  } finally {
    restart.close();
  }
  throw new Error(`the lease of live pid ${pid} was taken over`);
}

/** A running `sleep` started by a shell running the script `name` (a launcher, or not, by its name). */
async function sleepStartedBy(name: string): Promise<{ pid: number; launcher: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'pf-launcher-'));
  writeFileSync(join(dir, name), 'sleep 60 & echo $!; wait\n');
  const parent = spawn('sh', [name], { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] });
  parents.push(parent);
  let out = '';
  parent.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  await until(() => /^\d+\n/.test(out), 10_000, 'the sleep pid');
  return { pid: Number(out.trim()), launcher: parent.pid as number };
}

afterEach(() => {
  for (const p of parents.splice(0)) p.kill('SIGKILL');
});

// Skipped where there is no /proc (macOS), asked of the file system, not of the code under test.
describe.skipIf(!existsSync(`/proc/${process.pid}/stat`))(
  'a holder that is an unreaped zombie is dead',
  () => {
    it('a restart takes over the journal lease of a zombie holder', async () => {
      const pid = await zombie();
      restartTakesOverLeaseOf(pid);
    });

    it('a restart takes over the host lock of a zombie holder', async () => {
      const pid = await zombie();
      const dir = mkdtempSync(join(tmpdir(), 'pf-zombie-lock-'));
      const first = acquireHostLock(dir, SCOPE, 'killed', join(dir, 'j.sqlite'));
      writeFileSync(
        first.file,
        JSON.stringify({
          scope: SCOPE,
          pid,
          host: thisHost(),
          instanceId: 'killed',
          journal: join(dir, 'j.sqlite'),
        }),
      );
      const lock = acquireHostLock(dir, SCOPE, 'restart', join(dir, 'j.sqlite'));
      expect(lock.file).toBe(first.file);
      lock.release();
    });
  },
);

describe('a holder that has exited and been reaped is dead', () => {
  it('a restart takes over the journal lease of a holder whose process is gone', async () => {
    const pid = await reaped();
    // Gone from /proc as well (where there is one): its state reads as nothing, not as an error.
    expect(procState(pid)).toBeUndefined();
    restartTakesOverLeaseOf(pid);
  });
});

describe('a holder that is still running keeps its lease', () => {
  it('a restart is refused, naming the holder and the perpflow launcher that started it', async () => {
    const { pid, launcher } = await sleepStartedBy('perpflow');
    expect(refusalOnLeaseOf(pid)).toContain(
      `pid ${pid} on ${thisHost()}, started as pid ${launcher} (bin/perpflow.js)`,
    );
  });

  it('names no launcher when what started the holder is not perpflow', async () => {
    const { pid } = await sleepStartedBy('perpflow.sh');
    const message = refusalOnLeaseOf(pid);
    expect(message).toContain(`pid ${pid} on ${thisHost()}`);
    expect(message).not.toContain('started as');
  });
});
