import { exactNumber } from '../src/domain/exactNumber.ts';
import type { Fill } from '../src/domain/fill.ts';
import type { TradeRecord } from './metrics/TradeRecord.ts';

/** What the venue booked against one position beyond its fills: funding, positive = paid. */
export type FundingOf = (quoteId: string) => number;

/** Maps a fill's time to the time label of the bar whose price made it. */
export type BarTimeOf = (ts: number) => number;

/**
 * What the venue booked for a position it closed itself (TP/SL, liquidation): the executor only
 * learns of those by reconciliation, at its last mark, so the price and fee come from the venue.
 */
export interface VenueClose {
  /** Σ realised price PnL of the position at the venue, all closes included. */
  readonly realizedPnl: number;
  /** Fee rate of the venue's own close (platform + hedger; a liquidation pays the platform fee). */
  readonly feeRate: number;
}
export type VenueCloseOf = (quoteId: string) => VenueClose | undefined;

interface Entry {
  readonly fill: Fill;
  readonly quantity: number;
  readonly price: number;
  readonly fee: number;
  /** Price PnL of the closes seen so far (to isolate a venue close's share of the venue's total). */
  realized: number;
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
  venueCloseOf: VenueCloseOf = () => undefined,
): TradeRecord[] {
  const opens = new Map<string, Entry>();
  const trades: TradeRecord[] = [];
  for (const f of fills) {
    const key = f.quoteId ?? f.clientRequestId ?? f.fillId;
    if (f.effect === 'open') {
      opens.set(key, {
        fill: f,
        quantity: exactNumber(f.quantity),
        price: exactNumber(f.price),
        fee: exactNumber(f.fee),
        realized: 0,
      });
      continue;
    }
    const open = opens.get(key);
    if (open === undefined) continue;
    const quantity = exactNumber(f.quantity);
    const share = open.quantity > 0 ? quantity / open.quantity : 0;
    const sign = f.side === 'LONG' ? 1 : -1;
    const venue = f.clientRequestId === null && f.quoteId !== null ? venueCloseOf(f.quoteId) : undefined;
    const exitPrice =
      venue === undefined
        ? exactNumber(f.price)
        : open.price + (sign * (venue.realizedPnl - open.realized)) / quantity;
    const exitFee = venue === undefined ? exactNumber(f.fee) : quantity * exitPrice * venue.feeRate;
    open.realized += sign * (exitPrice - open.price) * quantity;
    const fees = open.fee * share + exitFee;
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
