import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { acquireHostLock } from '../../src/journal/hostLock.ts';
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

/** A journal whose lease names `pid` on this host as its holder: a restart on it takes the lease. */
function restartTakesOverLeaseOf(pid: number): void {
  const path = join(mkdtempSync(join(tmpdir(), 'pf-holder-')), 'j.sqlite');
  const clock = new VirtualClock();
  const killed = openJournal({ path, clock }).journal;
  killed.acquireLease(SCOPE);
  killed.database.prepare('UPDATE lease SET pid=?, host=?').run(pid, thisHost());
  killed.abandon();
  const restart = openJournal({ path, clock }).journal;
  expect(() => restart.acquireLease(SCOPE)).not.toThrow();
  restart.close();
}

afterEach(() => {
  for (const p of parents.splice(0)) p.kill('SIGKILL');
});

describe.skipIf(procState(process.pid) === undefined)('a holder that is an unreaped zombie is dead', () => {
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
});

describe('a holder that has exited and been reaped is dead', () => {
  it('a restart takes over the journal lease of a holder whose process is gone', async () => {
    const pid = await reaped();
    // Gone from /proc as well (where there is one): its state reads as nothing, not as an error.
    expect(procState(pid)).toBeUndefined();
    restartTakesOverLeaseOf(pid);
  });
});
