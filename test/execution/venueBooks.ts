import { type Decimal, ZERO } from '../../src/domain/money.ts';
import type { Lot } from '../../src/execution/PositionLedger.ts';
import { feeRate } from '../../src/simulator/engine/accounting.ts';
import type { Quote } from '../../src/simulator/engine/state.ts';
import type { Venue } from './harness.ts';

/** What the venue booked on one position: the truth the ledger's lot must equal. */
export interface VenueBooks {
  readonly quoteId: string;
  readonly realisedPnl: Decimal;
  readonly fees: Decimal;
  readonly funding: Decimal;
}

/**
 * Per filled position, from the simulator's own quote: realised PnL and funding as it books
 * them, fees as it charged them (open notional at the fill price, and the close notional, which
 * is entry × closed ± realised PnL, each at its side's rate).
 */
export function venueBooks(v: Venue): VenueBooks[] {
  const sub = v.sim.accounts.subaccount(v.acc.subaccount, v.acc.chainId);
  const out: VenueBooks[] = [];
  for (const q of v.sim.engine.quotesOf(sub) as readonly Quote[]) {
    if (q.quoteId === null || q.openedPrice === null) continue;
    const spec = q.market.spec;
    const sign = q.side === 'LONG' ? 1 : -1;
    const closeNotional = q.openedPrice.times(q.closedAmount).plus(q.realizedPnl.times(sign));
    out.push({
      quoteId: q.quoteId,
      realisedPnl: q.realizedPnl,
      fees: q.quantity
        .times(q.openedPrice)
        .times(feeRate(spec.hedgerFeeOpen))
        .plus(closeNotional.times(feeRate(spec.hedgerFeeClose))),
      funding: q.accumulatedFunding,
    });
  }
  return out;
}

/** Differences between the ledger's lots and the venue's books, one line per disagreement. */
export function booksDiffer(
  books: readonly VenueBooks[],
  lotOf: (quoteId: string) => Lot | undefined,
): string[] {
  const out: string[] = [];
  for (const b of books) {
    const lot = lotOf(b.quoteId);
    const mine = {
      realisedPnl: lot?.realisedPnl ?? ZERO,
      fees: lot?.fees ?? ZERO,
      funding: lot?.funding ?? ZERO,
    };
    for (const k of ['realisedPnl', 'fees', 'funding'] as const)
      if (!mine[k].equals(b[k])) out.push(`${b.quoteId} ${k}: ledger ${mine[k]} != venue ${b[k]}`);
  }
  return out;
}
