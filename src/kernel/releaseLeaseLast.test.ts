import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { acquireTradingLease } from '../execution/tradingLease.ts';
import { openJournal } from '../journal/openJournal.ts';
import { releaseLeaseLast } from './releaseLeaseLast.ts';

const SCOPE = 'venue:1:0xabc';

/** A SQLite journal file, opened as the kernel opens it, with the trading lease taken. */
function leased(path: string, clock: VirtualClock) {
  const { journal } = openJournal({
    path,
    clock,
    synchronous: 'NORMAL',
    groupCommit: true,
    onCorrupt: 'quarantine',
  });
  return { journal, lease: acquireTradingLease(journal, SCOPE) };
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
});
