import { feeOn } from '../../src/domain/feeOn.ts';
import type { Fill } from '../../src/domain/fill.ts';
import type { ClientRequestId } from '../../src/domain/ids.ts';
import type { Decimal } from '../../src/domain/money.ts';
import type { RequestRecord } from '../../src/domain/request.ts';
import { feeRate } from '../../src/simulator/engine/accounting.ts';
import type { SimEngine } from '../../src/simulator/engine/SimEngine.ts';
import type { Request } from '../../src/simulator/engine/state.ts';

/** What the venue itself did for one fill: the quantity, price and fee of the request it filled. */
export interface VenueFill {
  readonly quantity: Decimal;
  readonly price: Decimal;
  readonly fee: Decimal;
}

const filled = (r: Request | undefined): VenueFill | undefined => {
  if (r === undefined || r.avgPrice === null) return undefined;
  const spec = r.quote.market.spec;
  const rate = feeRate(r.kind === 'open' ? spec.hedgerFeeOpen : spec.hedgerFeeClose);
  return { quantity: r.filledQuantity, price: r.avgPrice, fee: feeOn(rate, r.filledQuantity, r.avgPrice) };
};

/**
 * The venue's own fill behind a ledger fill, from the simulator's records: an open or close of
 * ours by its request's tempId, a TP/SL close by the close its trigger sent. Undefined for a fill
 * the venue never priced for us (a close settled from the positions list without its answer, a
 * convergence or an adoption): those are booked at the mark, and say so in their alerts.
 */
export function venueFillOf(
  engine: SimEngine,
  fill: Fill,
  requestOf: (id: ClientRequestId) => RequestRecord | undefined,
): VenueFill | undefined {
  const colon = fill.fillId.indexOf(':');
  const kind = fill.fillId.slice(0, colon);
  const q = fill.quoteId === null ? undefined : engine.quote(fill.quoteId);
  if (kind === 'tpsl') return q?.tpslClose ? filled(engine.request(q.tpslClose)) : undefined;
  // An open's price is its position's, whether its answer came or the positions list settled it.
  if (kind === 'open') return filled(q?.openRequest ?? undefined);
  if (kind !== 'close') return undefined;
  const tempId = requestOf(fill.fillId.slice(colon + 1) as ClientRequestId)?.tempId;
  return tempId === undefined ? undefined : filled(engine.request(tempId));
}
