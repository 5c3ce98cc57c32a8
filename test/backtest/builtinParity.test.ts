import { describe, expect, it } from 'vitest';
import { type ParityCase, runBoth } from './support/parityWorlds.ts';

/*
 * Issue 27's parity for every built-in: each one over the same hourly XRPUSDT bars through the
 * backtest and through the dry-run kernel on a virtual clock (the simulator replaying the bars
 * as marks, the kernel polling them, building its own bars, running its schedules). Both worlds
 * now learn outcomes the same way — the engine in process tells them — so intents and fills are
 * compared field by field (money as text), not just counted.
 */
const CASES: readonly (ParityCase & {
  readonly name: string;
  readonly minFills: number;
  /** A fill id prefix the run must book: `tpsl:` for a close the venue made by a TP the strategy set. */
  readonly books?: string;
  /**
   * It decides in answer to fills (onFill): a polling adapter hears a fill up to this much later
   * than the engine tells it (the first poll 1 ms after a send; a resting LIMIT is polled with
   * backoff, at most every 60 s), and so decides and fills that much later.
   */
  readonly pollLagMs?: number;
})[] = [
  {
    name: 'dca: a buy at every midnight by its cron schedule',
    module: 'dca',
    params: { cron: '0 0 * * *', notional: 500 },
    // Four midnights in the data; the account holds two positions (ACCOUNT), the rest are denied alike.
    minFills: 2,
  },
  {
    name: 'breakout: Donchian entries with TP and SL in ATRs',
    module: 'breakout',
    params: { period: 10, atrPeriod: 5, quantity: 300, takeProfitAtr: 20, stopLossAtr: 20 },
    triggers: true,
    minFills: 1,
  },
  {
    name: 'dca with a take-profit on each buy',
    module: 'dca',
    params: { cron: '0 */6 * * *', notional: 500, takeProfit: 0.004 },
    triggers: true,
    minFills: 4,
    books: 'tpsl:',
    // Its TP is relative to the fill (takeProfit: { fraction }): the executor prices and sends it
    // when the fill is known, so no intent answers the fill and even the polling sim is exact.
  },
  {
    name: "funding-carry: holds the side the market's funding pays",
    module: 'funding-carry',
    params: { enterRate: 0.00001, exitRate: 0, quantity: 300 },
    minFills: 1,
  },
  {
    name: 'grid: resting LIMIT levels around the first price',
    module: 'grid',
    params: { levels: 2, spacing: 0.004, quantity: 300 },
    triggers: true,
    pollLagMs: 60_000,
    minFills: 2,
  },
];

const withoutTimes = (d: { readonly decidedAt: number; readonly intent: object }) => {
  const { createdAt: _, ...rest } = d.intent as { createdAt?: number };
  return rest;
};
const withoutTs = ({ ts: _, ...f }: { readonly ts: number }) => f;
/**
 * A fill as the worlds must agree on it. A close the venue made by firing a TP is booked at the
 * venue's fill of the MARKET close the leg sent (issue 48 j), and the two venues fill it at
 * different marks: the backtest's walker lets the close fill at the leg before it moves on, while
 * the replay sets a slot's path marks in one instant, so the close fills at the slot's last mark.
 * Each world's ledger equals its own venue (test/execution/tpslFillPrice.test.ts, the chaos
 * invariants); across worlds such a close agrees in everything but its price and fee.
 */
const comparable = <F extends { readonly fillId: string; readonly price: unknown; readonly fee: unknown }>(
  f: F,
): Omit<F, 'price' | 'fee'> | F => {
  if (!f.fillId.startsWith('tpsl:')) return f;
  const { price: _p, fee: _f, ...rest } = f;
  return rest;
};

describe('live-path parity of the built-ins', () => {
  it.each(CASES)(
    'the backtest, the dry-run kernel and the sim kernel polling over HTTP give the same intents and fills: $name',
    async (c) => {
      const r = await runBoth(c);
      expect(r.live.intents).toEqual(r.backtest.intents);
      expect(r.backtestFills.length).toBeGreaterThanOrEqual(c.minFills);
      expect(r.liveFills.map(comparable)).toEqual(r.backtestFills.map(comparable));
      // Sim: the RFQ adapter polls the simulator's HTTP routes, so it learns a fill one poll later
      // than an adapter the engine tells at once: an intent that answers a fill (a TP set on it,
      // a grid's exit) is decided that much later, what it fills at once fills that much later,
      // and two fills of one instant are heard in the order their polls come back. Nothing else
      // differs: the same intents (ids, sides, sizes, prices) and fills (prices, quantities,
      // fees), and no time differs by more than the poll's lag (none for a strategy that never
      // answers a fill).
      const byId = <T>(xs: readonly T[], id: (x: T) => string) => new Map(xs.map((x) => [id(x), x]));
      const simIntents = byId(r.sim.intents, (d) => d.intent.intentId);
      const simFills = byId(r.simFills, (f) => f.fillId);
      expect([...simIntents.keys()].sort()).toEqual(r.backtest.intents.map((d) => d.intent.intentId).sort());
      expect([...simFills.keys()].sort()).toEqual(r.backtestFills.map((f) => f.fillId).sort());
      const lags = new Set<number>();
      for (const d of r.backtest.intents) {
        const other = simIntents.get(d.intent.intentId);
        expect(other === undefined ? undefined : withoutTimes(other)).toEqual(withoutTimes(d));
        lags.add((other?.decidedAt ?? Number.NaN) - d.decidedAt);
      }
      for (const f of r.backtestFills) {
        const other = simFills.get(f.fillId);
        expect(other === undefined ? undefined : withoutTs(comparable(other))).toEqual(
          withoutTs(comparable(f)),
        );
        lags.add((other?.ts ?? Number.NaN) - f.ts);
      }
      const lagged = [...lags].filter((l) => l !== 0);
      if (c.pollLagMs === undefined) expect(lagged).toEqual([]);
      else {
        expect(lagged.length).toBeGreaterThan(0);
        expect(lagged.filter((l) => !(l > 0 && l <= (c.pollLagMs ?? 0)))).toEqual([]);
      }
      // The executor saw the walk cross each TP: it books the venue's close to the strategy at the
      // venue's fill with the close fee, never as a close from outside found by reconciliation.
      expect(r.backtestFills.filter((f) => f.fillId.startsWith('recon:'))).toEqual([]);
      if (c.books !== undefined)
        expect(r.backtestFills.some((f) => f.fillId.startsWith(c.books ?? ''))).toBe(true);
    },
    30_000,
  );
});
