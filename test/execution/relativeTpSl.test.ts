/**
 * TP/SL relative to the fill (issue #25): a fill that moved past the price at decision time gets
 * an absolute TP computed beforehand refused (INVALID_TPSL), while `{ fraction }` is priced from
 * the fill by the executor and accepted; the fractions survive a restart between the fill and the
 * send. Real simulator, real client, VirtualClock.
 */
import { describe, expect, it } from 'vitest';
import type { QuoteId } from '../../src/domain/ids.ts';
import type { OpenIntent, SetTpSlIntent, TpSlPrice } from '../../src/domain/intent.ts';
import { deriveIntentId } from '../../src/domain/intentId.ts';
import { dec } from '../../src/domain/money.ts';
import type { RequestRecord } from '../../src/domain/request.ts';
import { SimulatedCrash } from '../../src/execution/crash.ts';
import { relativeLegPrice } from '../../src/execution/resolveTpSl.ts';
import { openJournal } from '../../src/journal/openJournal.ts';
import { toDomainIntents } from '../../src/strategy/toDomainIntents.ts';
import {
  BTC,
  openIntent,
  S1,
  settle,
  setupVenue,
  startExecutor,
  tempJournalPath,
  type Venue,
} from './harness.ts';

const F = 0.0005;
const markOf = (v: Venue): number => v.sim.engine.mark('BTCUSDT')?.mark as number;

function takeProfitOn(signal: string, open: OpenIntent, takeProfit: TpSlPrice): SetTpSlIntent {
  return {
    kind: 'setTpSl',
    intentId: deriveIntentId(S1, signal),
    strategyId: S1,
    createdAt: 0,
    symbol: BTC,
    position: { by: 'intent', intentId: open.intentId },
    takeProfit,
  };
}

/** A dca-style buy with `takeProfit: { fraction }`, converted as a strategy's hook result is. */
function buyWithRelativeTp(signal: string, decisionPrice: number) {
  const [open, tp] = toDomainIntents(
    {
      kind: 'open',
      market: 'BTCUSDT',
      side: 'LONG',
      quantity: 0.01,
      leverage: 5,
      signal,
      allowStacking: true, // as dca's buys: beside the absolute one of the first test
      takeProfit: { fraction: F },
    },
    { strategyId: S1, now: 0, defaultSignal: 'test', index: 0, price: () => decisionPrice },
  ) as [OpenIntent, SetTpSlIntent];
  return { open, tp };
}

const tpRequest = (records: readonly RequestRecord[]) => records.find((r) => r.kind === 'setTpSl');

async function venueTakeProfit(v: Venue, quoteId: QuoteId | undefined): Promise<string | undefined> {
  const [row] = await v.venue.listTpSl([quoteId as QuoteId]);
  return row?.takeProfit?.toString();
}

describe('TP relative to the fill', () => {
  it('is priced from the fill and accepted when the fill moved past the decision price, where the absolute TP of the decision price is refused INVALID_TPSL', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    const decided = markOf(v);
    const absolute = openIntent('abs-buy');
    const relative = buyWithRelativeTp('rel-buy', decided);
    const absTp = relativeLegPrice('LONG', 'takeProfit', dec(decided), dec(F), 1);
    for (const i of [absolute, takeProfitOn('abs-tp', absolute, absTp), relative.open, relative.tp])
      expect((await executor.submit(i)).status).toBe('accepted');
    // The market runs up 3 fractions while the buys are on their way: they fill above the TP
    // computed from the decision price.
    v.sim.engine.setMark('BTCUSDT', decided * (1 + 3 * F));
    expect(await settle(v, executor)).toBe(true);

    const abs = executor.journal.byIntent(deriveIntentId(S1, 'abs-tp'))[0] as RequestRecord;
    expect([abs.status, abs.errorCode]).toEqual(['REJECTED', 'INVALID_TPSL']);

    const [open] = executor.journal.byIntent(relative.open.intentId);
    const tp = executor.journal.byIntent(relative.tp.intentId)[0] as RequestRecord;
    const fill = open?.avgPrice as NonNullable<RequestRecord['avgPrice']>;
    expect(fill.greaterThan(absTp)).toBe(true);
    const expected = relativeLegPrice('LONG', 'takeProfit', fill, dec(F), 1);
    expect(tp.status).toBe('FILLED');
    expect(tp.order).toMatchObject({ takeProfit: expected, relative: { takeProfit: dec(F) } });
    expect(await venueTakeProfit(v, open?.quoteId)).toBe(expected.toString());
    expect(expected.greaterThan(markOf(v))).toBe(true);
  });

  it('keeps its fraction across a restart between the fill and the send, and is priced from the fill after it', async () => {
    const v = await setupVenue();
    const path = tempJournalPath();
    let commits = 0;
    // The open's SUBMITTING write is the first; the TP's (after the fill) is the second.
    const first = await startExecutor(v, {
      path,
      crash: (p) => {
        if (p === 'beforeJournalCommit' && ++commits === 2) throw new SimulatedCrash(p);
      },
    });
    const decided = markOf(v);
    const { open, tp } = buyWithRelativeTp('restart-buy', decided);
    await first.executor.submit(open);
    await first.executor.submit(tp);
    v.sim.engine.setMark('BTCUSDT', decided * (1 + 3 * F));
    await v.clock.runUntil(() => first.executor.isDead, 10_000);
    expect(first.executor.isDead).toBe(true);
    const held = tpRequest(first.executor.journal.byIntent(tp.intentId)) as RequestRecord;
    expect(held.status).toBe('CREATED');
    expect(held.order).toMatchObject({ relative: { takeProfit: dec(F), pricePrecision: 1 } });
    expect(held.order).not.toHaveProperty('takeProfit');

    const again = await startExecutor(v, { path });
    expect(await settle(v, again.executor)).toBe(true);
    const [filled] = again.executor.journal.byIntent(open.intentId);
    const expected = relativeLegPrice('LONG', 'takeProfit', filled?.avgPrice ?? dec(0), dec(F), 1);
    expect(tpRequest(again.executor.journal.byIntent(tp.intentId))?.status).toBe('FILLED');
    expect(await venueTakeProfit(v, filled?.quoteId)).toBe(expected.toString());
    await again.executor.stop();

    // The journal file keeps the prices sent beside the fraction they came from.
    const { journal } = openJournal({ path, clock: v.clock });
    expect(tpRequest(journal.byIntent(tp.intentId))?.order).toEqual({
      kind: 'setTpSl',
      takeProfit: expected,
      after: held.order.kind === 'setTpSl' ? held.order.after : undefined,
      relative: { takeProfit: dec(F), pricePrecision: 1 },
    });
    journal.close();
  });

  it('is priced at once from the entry of a position already filled', async () => {
    const v = await setupVenue();
    const { executor } = await startExecutor(v, { path: tempJournalPath() });
    const open = openIntent('filled-buy');
    await executor.submit(open);
    expect(await settle(v, executor)).toBe(true);
    const [filled] = executor.journal.byIntent(open.intentId);
    const sl = takeProfitOn('filled-sl', open, dec(1));
    const { takeProfit: _drop, ...noTp } = sl;
    expect((await executor.submit({ ...noTp, stopLoss: { fraction: dec('0.01') } })).status).toBe('accepted');
    expect(await settle(v, executor)).toBe(true);
    const expected = relativeLegPrice('LONG', 'stopLoss', filled?.avgPrice ?? dec(0), dec('0.01'), 1);
    const r = executor.journal.byIntent(sl.intentId)[0] as RequestRecord;
    expect([r.status, r.order.kind === 'setTpSl' && r.order.stopLoss?.toString()]).toEqual([
      'FILLED',
      expected.toString(),
    ]);
    const [row] = await v.venue.listTpSl([filled?.quoteId as QuoteId]);
    expect(row?.stopLoss?.toString()).toBe(expected.toString());
  });
});
