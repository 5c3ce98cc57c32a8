import type { Fill } from '../src/domain/fill.ts';
import type { TradeRecord } from './metrics/TradeRecord.ts';

/** What the venue booked against one position beyond its fills: funding, positive = paid. */
export type FundingOf = (quoteId: string) => number;

/** Maps a fill's time to the time label of the bar whose price made it. */
export type BarTimeOf = (ts: number) => number;

interface Entry {
  readonly fill: Fill;
  readonly quantity: number;
  readonly price: number;
  readonly fee: number;
}

/**
 * Closed trades from the executor's fills: each close fill of a position is one trade against
 * that position's open fill (a partial close takes its share of the open fee and of the
 * position's funding). `pnl` is net: price move − both fees − funding, so initial cash + Σ pnl
 * is the final equity once everything is closed.
 */
export function tradesFromFills(
  fills: readonly Fill[],
  fundingOf: FundingOf,
  barTimeOf: BarTimeOf,
): TradeRecord[] {
  const opens = new Map<string, Entry>();
  const trades: TradeRecord[] = [];
  for (const f of fills) {
    const key = f.quoteId ?? f.clientRequestId ?? f.fillId;
    if (f.effect === 'open') {
      opens.set(key, {
        fill: f,
        quantity: f.quantity.toNumber(),
        price: f.price.toNumber(),
        fee: f.fee.toNumber(),
      });
      continue;
    }
    const open = opens.get(key);
    if (open === undefined) continue;
    const quantity = f.quantity.toNumber();
    const share = open.quantity > 0 ? quantity / open.quantity : 0;
    const exitPrice = f.price.toNumber();
    const sign = f.side === 'LONG' ? 1 : -1;
    const fees = open.fee * share + f.fee.toNumber();
    const funding = (f.quoteId === null ? 0 : fundingOf(f.quoteId)) * share;
    trades.push({
      strategy: open.fill.strategyId ?? 'external',
      market: f.symbol,
      side: f.side,
      quantity,
      entryTime: barTimeOf(open.fill.ts),
      exitTime: barTimeOf(f.ts),
      entryPrice: open.price,
      exitPrice,
      pnl: sign * (exitPrice - open.price) * quantity - fees - funding,
      fees,
      funding,
    });
  }
  return trades;
}
