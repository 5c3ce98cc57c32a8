/**
 * Found by CI (outsideCrash e2e): the stop's agreement check read the positions list a second time
 * after its reconciliation, and a take-profit the venue fired between the two reads showed as
 * "venue ≠ ledger" though the ledger had settled everything the venue had told it.
 */
import { describe, expect, it } from 'vitest';
import { deriveIntentId } from '../../src/domain/intentId.ts';
import { dec } from '../../src/domain/money.ts';
import { finalCheck } from '../../src/kernel/venueAgreement.ts';
import type { Logger } from '../../src/log/Logger.ts';
import { silentLogger } from '../../src/log/Logger.ts';
import {
  BTC,
  openIntent,
  S1,
  settle,
  setupVenue,
  startExecutor,
  tempJournalPath,
  venueWith,
} from '../execution/harness.ts';

function linesLogger(lines: string[]): Logger {
  const put = (level: string) => (m: string) => void lines.push(`${level} ${m}`);
  return { ...silentLogger, error: put('error'), warn: put('warn'), info: put('info') };
}

describe('the agreement check at stop', () => {
  it('compares the ledger with the list its reconciliation settled against, not with a later read a take-profit raced', async () => {
    const v = await setupVenue();
    let armed = false;
    const venue = venueWith(v.venue, {
      positions: async () => {
        const list = await v.venue.positions();
        if (armed) {
          armed = false;
          // The take-profit fires and its close fills after this read was answered.
          v.sim.engine.setMark('BTCUSDT', (v.sim.engine.mark('BTCUSDT')?.mark as number) * 1.05);
          await v.clock.advance(1_000);
        }
        return list;
      },
    });
    const { executor } = await startExecutor(v, { path: tempJournalPath(), venue });
    const open = openIntent('fc-open');
    const tp = dec(Math.round((v.sim.engine.mark('BTCUSDT')?.mark as number) * 1.02));
    await Promise.all([
      executor.submit(open),
      executor.submit({
        kind: 'setTpSl',
        intentId: deriveIntentId(S1, 'fc-tp'),
        strategyId: S1,
        createdAt: 0,
        symbol: BTC,
        position: { by: 'intent', intentId: open.intentId },
        takeProfit: tp,
      }),
    ]);
    expect(await settle(v, executor)).toBe(true);

    armed = true;
    const lines: string[] = [];
    await finalCheck(executor, linesLogger(lines));
    expect(lines).toEqual(['info venue = ledger at stop: BTCUSDT:LONG 0.01']);
    // The close the venue made meanwhile is the next reconciliation's to learn.
    await executor.reconcileNow();
    expect(executor.ledger.openLots()).toEqual([]);
  });
});
