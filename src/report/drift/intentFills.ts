import type { Fill } from '../../domain/fill.ts';
import type { IntentId } from '../../domain/ids.ts';
import { type Decimal, ZERO } from '../../domain/money.ts';
import type { DriftJournal } from './driftJournal.ts';

/** What one intent got filled: all of its fills taken together. */
export interface IntentFill {
  readonly intentId: IntentId;
  /** When its first request was journaled: the decision, as the journal knows it. */
  readonly createdAt: number;
  /** When its last fill came: the intent is done then. */
  readonly filledAt: number;
  /** True when the fills bought (a long's open, a short's close): a higher price is worse. */
  readonly buying: boolean;
  readonly quantity: Decimal;
  /** Quantity-weighted mean fill price, exact. */
  readonly price: Decimal;
}

const buys = (f: Fill): boolean => (f.effect === 'open') === (f.side === 'LONG');

/** The window compared: intents decided in [since, until). */
export interface DriftWindow {
  readonly since: number;
  readonly until: number;
}

/**
 * The fills of one strategy's intents decided within the window, by intent id. A fill no request of
 * ours made (a TP/SL the venue fired, a liquidation) has no intent to pair and is left out here:
 * it still counts in the PnL.
 */
export function intentFills(
  journal: DriftJournal,
  strategyId: string,
  window: DriftWindow,
): ReadonlyMap<IntentId, IntentFill> {
  const origin = new Map(journal.requests.map((r) => [r.clientRequestId, r]));
  const grouped = new Map<IntentId, { createdAt: number; buying: boolean; fills: Fill[] }>();
  for (const f of journal.fills) {
    const r = f.clientRequestId === null ? undefined : origin.get(f.clientRequestId);
    if (r === undefined || r.strategyId !== strategyId) continue;
    if (r.createdAt < window.since || r.createdAt >= window.until) continue;
    const g = grouped.get(r.intentId) ?? { createdAt: r.createdAt, buying: buys(f), fills: [] };
    g.createdAt = Math.min(g.createdAt, r.createdAt);
    g.fills.push(f);
    grouped.set(r.intentId, g);
  }
  const out = new Map<IntentId, IntentFill>();
  for (const [intentId, g] of grouped) {
    const quantity = g.fills.reduce((a, f) => a.plus(f.quantity), ZERO);
    const value = g.fills.reduce((a, f) => a.plus(f.quantity.times(f.price)), ZERO);
    out.set(intentId, {
      intentId,
      createdAt: g.createdAt,
      filledAt: Math.max(...g.fills.map((f) => f.ts)),
      buying: g.buying,
      quantity,
      price: quantity.isZero() ? ZERO : value.dividedBy(quantity),
    });
  }
  return out;
}
