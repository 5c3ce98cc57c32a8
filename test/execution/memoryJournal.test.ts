import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { MarketSymbol } from '../../src/domain/ids.ts';
import { Executor } from '../../src/execution/Executor.ts';
import { MemoryJournal } from '../../src/journal/MemoryJournal.ts';
import { sampleOpenRecord } from '../../src/journal/testRecord.ts';
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

describe('MemoryJournal.transitionMany', () => {
  it('moves every request of one call and returns each one’s new record, in order', () => {
    const journal = new MemoryJournal(new VirtualClock());
    const [a, b, c] = [sampleOpenRecord(1), sampleOpenRecord(2), sampleOpenRecord(3)];
    journal.insertRequests([a, b, c]);
    const out = journal.transitionMany([
      { id: a.clientRequestId, to: 'SUBMITTING' },
      { id: b.clientRequestId, to: 'SUBMITTING' },
      { id: c.clientRequestId, to: 'SUBMITTING' },
    ]);
    expect(out.map((r) => `${r.clientRequestId} ${r.status}`)).toEqual([
      'cr_1 SUBMITTING',
      'cr_2 SUBMITTING',
      'cr_3 SUBMITTING',
    ]);
    expect([a, b, c].map((r) => journal.get(r.clientRequestId)?.status)).toEqual([
      'SUBMITTING',
      'SUBMITTING',
      'SUBMITTING',
    ]);
  });

  it('refuses a move the transition table forbids, naming the request, and moves none of the call', () => {
    const journal = new MemoryJournal(new VirtualClock());
    const [a, b] = [sampleOpenRecord(1), sampleOpenRecord(2)];
    journal.insertRequests([a, b]);
    expect(() =>
      journal.transitionMany([
        { id: a.clientRequestId, to: 'SUBMITTING' },
        { id: b.clientRequestId, to: 'FILLED' },
      ]),
    ).toThrow(/CREATED.*FILLED.*cr_2|cr_2.*CREATED.*FILLED/);
    expect([a, b].map((r) => journal.get(r.clientRequestId)?.status)).toEqual(['CREATED', 'CREATED']);
  });
});
