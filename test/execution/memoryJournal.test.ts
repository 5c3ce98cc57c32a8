import { describe, expect, it } from 'vitest';
import { MarketSymbol } from '../../src/domain/ids.ts';
import { Executor } from '../../src/execution/Executor.ts';
import { MemoryJournal } from '../../src/journal/MemoryJournal.ts';
import { riskOptionsFromConfig } from '../../src/risk/limits.ts';
import { closeIntent, openIntent, setupVenue, show, venueExposure } from './harness.ts';

describe('Executor on a MemoryJournal (the backtest wiring: no lease, no housekeeping jobs)', () => {
  it('opens and closes against the simulator with the ledger equal to the venue', async () => {
    const v = await setupVenue();
    const executor = await Executor.start({
      venue: v.venue,
      journal: new MemoryJournal(v.clock),
      clock: v.clock,
    });
    const open = openIntent('mem-1');
    expect((await executor.submit(open)).status).toBe('accepted');
    await v.clock.runUntil(() => executor.isIdle(), 60_000);
    expect(executor.journal.byIntent(open.intentId)[0]?.status).toBe('FILLED');
    expect(show(executor.exposure())).toEqual({ 'BTCUSDT:LONG': '0.01' });
    expect((await executor.submit(closeIntent('mem-1-close', open))).status).toBe('accepted');
    await v.clock.runUntil(() => executor.isIdle(), 60_000);
    expect(show(executor.exposure())).toEqual(show(await venueExposure(v)));
    expect(executor.fills()).toHaveLength(2);
    await executor.stop();
  });

  it('checks notional limits against the prices given to onPrices, not only reconciled marks', async () => {
    const v = await setupVenue();
    const risk = riskOptionsFromConfig({ account: { maxNotionalPerPosition: 1_000 } });
    const executor = await Executor.start({
      venue: v.venue,
      journal: new MemoryJournal(v.clock),
      clock: v.clock,
      risk,
    });
    executor.onPrices([{ symbol: MarketSymbol('BTCUSDT'), mark: 200_000, ts: v.clock.now() }]);
    const res = await executor.submit(openIntent('mem-2'));
    expect(res.status === 'denied' && res.reason).toBe('MAX_NOTIONAL_PER_POSITION');
    executor.onPrices([{ symbol: MarketSymbol('BTCUSDT'), mark: 50_000, ts: v.clock.now() }]);
    expect((await executor.submit(openIntent('mem-3'))).status).toBe('accepted');
    await executor.stop();
  });
});
