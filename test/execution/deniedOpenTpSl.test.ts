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

  describe('the denied opens remembered per executor', () => {
    const tpslDenials = (events: readonly { type: string; intent?: { kind: string } }[]) =>
      events.filter((e) => e.type === 'intentDenied' && e.intent?.kind === 'setTpSl').length;

    it('are the last 1,024: the leg of an open denied before those is denied with its own event', async () => {
      const v = await setupVenue();
      const { executor, events } = await startExecutor(v, {
        path: tempJournalPath(),
        risk: riskOptionsFromConfig({ account: { maxNotionalPerPosition: 100 } }),
      });
      const pairs = Array.from({ length: 1_025 }, (_, i) => buyWithTakeProfit(`cap-${i}`));
      for (const [open] of pairs) expect((await executor.submit(open)).status).toBe('denied');
      const [[, oldest], [, next]] = pairs as [(typeof pairs)[0], (typeof pairs)[0]];
      expect((await executor.submit(oldest)).status).toBe('denied');
      expect(tpslDenials(events)).toBe(1);
      expect((await executor.submit(next)).status).toBe('denied');
      expect(tpslDenials(events)).toBe(1);
    });

    it('count opens only: a denied TP/SL leg does not push an open out', async () => {
      const v = await setupVenue();
      const { executor, events } = await startExecutor(v, {
        path: tempJournalPath(),
        risk: riskOptionsFromConfig({ account: { maxNotionalPerPosition: 100 } }),
      });
      const pairs = Array.from({ length: 1_024 }, (_, i) => buyWithTakeProfit(`only-opens-${i}`));
      for (const [open] of pairs) expect((await executor.submit(open)).status).toBe('denied');
      const [, orphan] = buyWithTakeProfit('never-sent');
      expect((await executor.submit(orphan)).status).toBe('denied');
      expect(tpslDenials(events)).toBe(1);
      const [[, oldest]] = pairs as [(typeof pairs)[0]];
      expect((await executor.submit(oldest)).status).toBe('denied');
      expect(tpslDenials(events)).toBe(1);
    });
  });
});
