import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backtestFromFiles } from '../../backtest/backtestFromFiles.ts';
import { parseBarTime } from '../../src/market/parseBarTime.ts';

const DATA = join(import.meta.dirname, '../../data/samples');
const FIXTURES = join(import.meta.dirname, '../fixtures/backtest');

interface Reference {
  readonly final_equity: number;
  readonly trades: readonly {
    readonly size: number;
    readonly entry_time: string;
    readonly exit_time: string;
    readonly entry_price: number;
    readonly exit_price: number;
    readonly pnl: number;
  }[];
}

const CASES = [
  { symbol: 'GOOG', data: 'GOOG-1d.csv', reference: 'sma-10-30-GOOG-1d.json', trades: 66 },
  { symbol: 'EURUSD', data: 'EURUSD-1h.csv', reference: 'sma-10-30-EURUSD-1h.json', trades: 167 },
] as const;

describe.skipIf(!existsSync(join(DATA, 'reference')))("backtesting.py's SMA 10/30 reference trades", () => {
  it.each(CASES)(
    '$symbol: every trade (side, size, entry and exit time and price, PnL) and the final equity under zero costs',
    async (c) => {
      const ref = JSON.parse(readFileSync(join(DATA, 'reference', c.reference), 'utf8')) as Reference;
      const { result } = await backtestFromFiles({
        configFile: join(FIXTURES, `sma-reference-${c.symbol}.yaml`),
        data: [{ symbol: c.symbol, file: join(DATA, c.data) }],
      });
      const ours = result.trades.map((t) => ({
        size: t.side === 'LONG' ? t.quantity : -t.quantity,
        entryTime: t.entryTime,
        exitTime: t.exitTime,
        entryPrice: t.entryPrice,
        exitPrice: t.exitPrice,
      }));
      const theirs = ref.trades.map((t) => ({
        size: t.size,
        entryTime: parseBarTime(t.entry_time),
        exitTime: parseBarTime(t.exit_time),
        entryPrice: t.entry_price,
        exitPrice: t.exit_price,
      }));
      expect(theirs).toHaveLength(c.trades);
      expect(ours).toEqual(theirs);
      result.trades.forEach((t, i) => {
        expect(t.pnl).toBeCloseTo(ref.trades[i]?.pnl as number, 9);
        expect(t.fees).toBe(0);
        expect(t.funding).toBe(0);
      });
      // The file rounds its final equity to 4 decimals; ours is the venue's exact Decimal balance.
      expect(result.finalEquity).toBeCloseTo(ref.final_equity, 4);
      expect(result.denials).toEqual([]);
    },
    60_000,
  );
});
