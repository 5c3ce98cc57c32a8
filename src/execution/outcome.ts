import { feeOn } from '../domain/feeOn.ts';
import type { Fill } from '../domain/fill.ts';
import { FillId } from '../domain/ids.ts';
import { isPositive } from '../domain/isPositive.ts';
import { type Decimal, ZERO } from '../domain/money.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { RequestStatus } from '../domain/requestStatus.ts';
import type { VenueStatus } from '../domain/venueStatus.ts';
import type { RequestStatusReport } from '../venue/VenuePort.ts';

/**
 * What a terminal venue status means for our request. A close that ends OPENED filled part (or
 * none) of what it asked; a cancel that ends with its target filled did not take effect.
 */
export function requestOutcome(r: RequestRecord, venue: VenueStatus, filled: Decimal): RequestStatus {
  switch (r.kind) {
    case 'open':
      return venue === 'OPENED'
        ? 'FILLED'
        : venue === 'CANCELED'
          ? 'CANCELED'
          : venue === 'EXPIRED'
            ? 'EXPIRED'
            : 'FAILED';
    case 'close':
      if (venue === 'CLOSED') return 'FILLED';
      if (venue === 'OPENED') return filled.greaterThan(0) ? 'FILLED' : 'CANCELED';
      if (venue === 'LIQUIDATED') return 'CANCELED';
      return venue === 'EXPIRED' ? 'EXPIRED' : 'FAILED';
    case 'cancelOpen':
      return venue === 'CANCELED' ? 'CANCELED' : venue === 'EXPIRED' ? 'EXPIRED' : 'FAILED';
    case 'cancelClose':
      return venue === 'OPENED' ? 'CANCELED' : venue === 'EXPIRED' ? 'EXPIRED' : 'FAILED';
    case 'setTpSl':
      // Never polled: its outcome is the synchronous answer (sendTpSl.ts).
      return 'FAILED';
  }
}

/** Fee rate charged on a fill's notional (platform + solver), from the market spec. */
export interface FeeRates {
  readonly open: Decimal;
  readonly close: Decimal;
}

/**
 * The fill one request produced. Its id is the request's own id, so the status poll and the
 * positions list, which may both report it, apply it once (reliability.md A10).
 */
export function fillOf(
  r: RequestRecord,
  quoteId: string | null,
  quantity: Decimal,
  price: Decimal,
  fees: FeeRates,
  ts: number,
): Fill | undefined {
  if (!isPositive(quantity) || (r.kind !== 'open' && r.kind !== 'close') || r.side === undefined)
    return undefined;
  const effect = r.kind === 'open' ? 'open' : 'close';
  const rate = effect === 'open' ? fees.open : fees.close;
  return {
    fillId: FillId(`${effect}:${r.clientRequestId}`),
    clientRequestId: r.clientRequestId,
    strategyId: r.strategyId,
    quoteId: (quoteId ?? null) as Fill['quoteId'],
    symbol: r.symbol,
    side: r.side,
    effect,
    quantity,
    price,
    fee: feeOn(rate, quantity, price),
    ts,
  };
}

export function reportFill(
  r: RequestRecord,
  rep: RequestStatusReport,
  fees: FeeRates,
  ts: number,
): Fill | undefined {
  const quoteId = r.kind === 'open' ? rep.quoteId : ((r.quoteId ?? rep.quoteId) as string | null);
  return fillOf(r, quoteId, rep.filledQuantity ?? ZERO, rep.avgPrice ?? ZERO, fees, ts);
}
