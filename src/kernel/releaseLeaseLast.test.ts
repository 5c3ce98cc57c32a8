import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { acquireTradingLease } from '../execution/tradingLease.ts';
import { openJournal } from '../journal/openJournal.ts';
import { releaseLeaseLast } from './releaseLeaseLast.ts';

const SCOPE = 'venue:1:0xabc';

/** A SQLite journal file, opened as the kernel opens it, with the trading lease taken (and the host lock in `lockDir`). */
function leased(path: string, clock: VirtualClock, lockDir?: string) {
  const { journal } = openJournal({
    path,
    clock,
    synchronous: 'NORMAL',
    groupCommit: true,
    onCorrupt: 'quarantine',
  });
  return { journal, lease: acquireTradingLease(journal, SCOPE, lockDir) };
}

const freshPath = () => join(mkdtempSync(join(tmpdir(), 'pf-release-')), 'journal.sqlite');

describe('releaseLeaseLast', () => {
  it('releases the lease only once the recording has settled, so the next process takes it at once', async () => {
    const clock = new VirtualClock();
    const path = freshPath();
    const { journal, lease } = leased(path, clock);
    const steps: string[] = [];
    const tap = {
      settled: async () => {
        steps.push('recording settled');
      },
    };
    await releaseLeaseLast(
      { journal, isDead: false },
      {
        release: () => {
          steps.push('lease released');
          lease.release();
        },
      },
      tap,
    );
    expect(steps).toEqual(['recording settled', 'lease released']);
    const next = leased(path, clock);
    next.lease.release();
  });

  it('releases the lease with a tap that has no settled step, and with no tap', async () => {
    const clock = new VirtualClock();
    for (const tap of [{}, undefined]) {
      const path = freshPath();
      const { journal, lease } = leased(path, clock);
      await releaseLeaseLast({ journal, isDead: false }, lease, tap);
      leased(path, clock).lease.release();
    }
  });

  it('an executor dead at a crash point leaves its lease and host lock as a killed process does, for the next start to take over', async () => {
    const clock = new VirtualClock();
    const path = freshPath();
    const lockDir = mkdtempSync(join(tmpdir(), 'pf-locks-'));
    const { journal, lease } = leased(path, clock, lockDir);
    // What the executor's death does: the journal handle dropped, nothing released.
    journal.abandon();
    await releaseLeaseLast({ journal, isDead: true }, lease, undefined);
    const locks = readdirSync(lockDir);
    expect(locks).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(lockDir, locks[0] ?? ''), 'utf8'))).toMatchObject({
      scope: SCOPE,
      instanceId: journal.instanceId,
    });
    // Its holder is dead: the next start takes both over.
    const next = leased(path, clock, lockDir);
    expect(JSON.parse(readFileSync(join(lockDir, locks[0] ?? ''), 'utf8'))).toMatchObject({
      instanceId: next.journal.instanceId,
    });
    next.lease.release();
    expect(readdirSync(lockDir)).toEqual([]);
  });
});
