import { feeOn } from '../domain/feeOn.ts';
import type { Fill } from '../domain/fill.ts';
import { FillId, MarketSymbol, QuoteId } from '../domain/ids.ts';
import type { Decimal } from '../domain/money.ts';
import { describeError } from '../log/redact.ts';
import type { RequestStatusReport, TpSlState } from '../venue/VenuePort.ts';
import { feeRatesOf } from './feeRates.ts';
import type { Lot } from './PositionLedger.ts';
import type { ReconcileHost } from './reconcileHost.ts';
import type { ArmedTpSl, TpSlLeg } from './TpSlBook.ts';

/** A lot carrying our TP/SL that the positions list no longer shows live, with no request of ours on it. */
export interface FiredCandidate {
  readonly quoteId: string;
  readonly lot: Lot;
  readonly armed: ArmedTpSl;
}

/** What the venue says the close its trigger sent did: price and time, or why it is not a fill of this lot. */
type CloseAnswer =
  | { readonly ok: true; readonly price: Decimal; readonly at: number }
  /** `later`: the answer may still come (read failed, not indexed yet); else the close is not this lot's fill. */
  | { readonly ok: false; readonly why: string; readonly later: boolean };

/** The venue's answer for the close a fired leg sent: that close's status is its fill. */
async function closeAnswer(ex: ReconcileHost, c: FiredCandidate, row: TpSlState): Promise<CloseAnswer> {
  const id = row.closeRequestId;
  if (id === null) return { ok: false, why: 'the venue names no close', later: false };
  let rep: RequestStatusReport | null;
  try {
    rep = await ex.venue.requestStatus('close', id);
  } catch (e) {
    return { ok: false, why: `its close ${id} could not be read (${describeError(e)})`, later: true };
  }
  if (rep === null) return { ok: false, why: `the venue does not know its close ${id} yet`, later: true };
  if (rep.status !== 'CLOSED' || rep.avgPrice === null || !rep.filledQuantity.equals(c.lot.openQuantity))
    return { ok: false, why: `its close ${id} is ${rep.status}, ${rep.filledQuantity} filled`, later: false };
  const now = ex.clock.now();
  return {
    ok: true,
    price: rep.avgPrice,
    at: Number.isFinite(rep.updatedAt) ? Math.min(now, rep.updatedAt) : now,
  };
}

/** The leg a fill at `price` belongs to when no crossing was seen: the one set, or the nearer one. */
function legNearest(price: Decimal, armed: Pick<ArmedTpSl, 'takeProfit' | 'stopLoss'>): TpSlLeg {
  const { takeProfit: tp, stopLoss: sl } = armed;
  if (tp === null) return 'stopLoss';
  if (sl === null) return 'takeProfit';
  return price.minus(tp).abs().lessThanOrEqualTo(price.minus(sl).abs()) ? 'takeProfit' : 'stopLoss';
}

/**
 * Books the venue's TP/SL close to the lot's strategy and the TP/SL request that armed it, at the
 * price the venue filled it and the fee that fill costs (the close's status, which the TP/SL list
 * names). A venue that names no close leaves only the trigger level of the leg seen `crossed`:
 * booked as an estimate, and the event and an alert say so. A named close not answered yet is
 * left for the next cycle; one that is not this lot's fill is left to convergeLots.
 */
export async function bookTpSlClose(
  ex: ReconcileHost,
  c: FiredCandidate,
  row: TpSlState,
  crossed: TpSlLeg | undefined,
): Promise<boolean> {
  const { lot, armed } = c;
  const answer = await closeAnswer(ex, c, row);
  if (!ex.alive()) return false;
  if (!answer.ok && row.closeRequestId !== null) {
    if (answer.later)
      ex.alert(
        'warning',
        'TPSL_CLOSE_UNREAD',
        `TP/SL close of quote ${c.quoteId} not booked yet: ${answer.why}`,
      );
    return false;
  }
  const which = answer.ok ? (crossed ?? legNearest(answer.price, armed)) : crossed;
  if (which === undefined) return false;
  // A leg that crossed is armed: without its level there is nothing to estimate, so nothing is booked.
  const level = which === 'takeProfit' ? armed.takeProfit : armed.stopLoss;
  const price = answer.ok ? answer.price : level;
  if (price === undefined || price === null) return false;
  const quantity = lot.openQuantity;
  const fill: Fill = {
    fillId: FillId(`tpsl:${c.quoteId}:${quantity.toString()}`),
    clientRequestId: armed.clientRequestId,
    strategyId: lot.strategyId,
    quoteId: QuoteId(c.quoteId),
    symbol: MarketSymbol(lot.symbol),
    side: lot.side,
    effect: 'close',
    quantity,
    price,
    fee: feeOn(feeRatesOf(ex.markets.get(lot.symbol)).close, quantity, price),
    ts: answer.ok ? answer.at : ex.clock.now(),
  };
  // Funding paid since the last positions read (the list no longer shows the position) is booked too.
  if (row.accumulatedFunding !== null) ex.ledger.setFunding(lot, row.accumulatedFunding);
  ex.applyFill(fill);
  ex.tpsl.disarm(c.quoteId);
  ex.emit({
    type: 'tpslClosed',
    quoteId: c.quoteId,
    strategyId: lot.strategyId,
    symbol: lot.symbol,
    side: lot.side,
    leg: which,
    quantity: quantity.toString(),
    price: price.toString(),
    estimated: !answer.ok,
  });
  if (!answer.ok)
    ex.alert(
      'warning',
      'TPSL_FILL_ESTIMATED',
      `TP/SL close of quote ${c.quoteId} booked at the ${which} level ${price}: ${answer.why}, so its fill price and fee are estimates`,
    );
  return true;
}
