/**
 * An open with a TP/SL is two intents (toDomainIntents: the open, then a setTpSl naming it by
 * intent id). When the risk gate denies the open, its TP/SL leg has nothing to attach to: it is
 * neither sent nor reported as a denial of its own (issue 42: every denied dca open was followed
 * by `denied dca setTpSl ETHUSDT: UNKNOWN_POSITION`). Real simulator, VirtualClock.
 */
import { describe, expect, it } from 'vitest';
import type { OpenIntent, SetTpSlIntent } from '../../src/domain/intent.ts';
import { riskOptionsFromConfig } from '../../src/risk/limits.ts';
import { toDomainIntents } from '../../src/strategy/toDomainIntents.ts';
import { S1, setupVenue, startExecutor, tempJournalPath } from './harness.ts';

function buyWithTakeProfit(signal: string) {
  return toDomainIntents(
    {
      kind: 'open',
      market: 'BTCUSDT',
      side: 'LONG',
      quantity: 1,
      leverage: 1,
      signal,
      takeProfit: { fraction: 0.001 },
    },
    { strategyId: S1, now: 0, defaultSignal: 'test', index: 0, price: () => 50_000 },
  ) as [OpenIntent, SetTpSlIntent];
}

describe('the TP/SL leg of an open the risk gate denied', () => {
  it('is answered denied without a denial event of its own, and nothing is journaled or sent', async () => {
    const v = await setupVenue();
    const { executor, events, venueCalls } = await startExecutor(v, {
      path: tempJournalPath(),
      risk: riskOptionsFromConfig({ account: { maxNotionalPerPosition: 100 } }),
    });
    const [open, tp] = buyWithTakeProfit('too-big');
    const calls = venueCalls();
    expect((await executor.submit(open)).status).toBe('denied');
    expect((await executor.submit(tp)).status).toBe('denied');
    const denials = events.filter((e) => e.type === 'intentDenied');
    expect(denials.map((e) => e.type === 'intentDenied' && e.intent.kind)).toEqual(['open']);
    expect(executor.journal.byIntent(tp.intentId)).toEqual([]);
    expect(venueCalls()).toBe(calls);
  });

  it('a setTpSl naming an open that never existed is still denied with its own event', async () => {
    const v = await setupVenue();
    const { executor, events } = await startExecutor(v, { path: tempJournalPath() });
    const [, tp] = buyWithTakeProfit('never-sent');
    const r = await executor.submit(tp);
    expect(r.status === 'denied' && r.reason).toBe('UNKNOWN_POSITION');
    expect(events.filter((e) => e.type === 'intentDenied')).toHaveLength(1);
  });
});
