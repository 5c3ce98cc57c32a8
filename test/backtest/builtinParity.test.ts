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
  },
  {
    name: 'grid: resting LIMIT levels around the first price',
    module: 'grid',
    params: { levels: 2, spacing: 0.004, quantity: 300 },
    triggers: true,
    minFills: 2,
  },
];

describe('live-path parity of the built-ins', () => {
  it.each(CASES)(
    'the backtest and the dry-run kernel give the identical intents and fills: $name',
    async (c) => {
      const r = await runBoth(c);
      expect(r.live.intents).toEqual(r.backtest.intents);
      expect(r.backtestFills.length).toBeGreaterThanOrEqual(c.minFills);
      expect(r.liveFills).toEqual(r.backtestFills);
      // The executor saw the walk cross each TP: it books the venue's close to the strategy at the
      // TP with the close fee, never as a close from outside found by reconciliation.
      expect(r.backtestFills.filter((f) => f.fillId.startsWith('recon:'))).toEqual([]);
      if (c.books !== undefined)
        expect(r.backtestFills.some((f) => f.fillId.startsWith(c.books ?? ''))).toBe(true);
    },
    30_000,
  );
});
