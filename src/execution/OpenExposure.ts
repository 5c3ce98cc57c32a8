import { type Decimal, ZERO } from '../domain/money.ts';

/** Open lots' count and quantity per market, for one strategy or ('*') the whole account. */
interface Scope {
  count: number;
  readonly quantity: Map<string, Decimal>;
}

/**
 * What the risk gate asks of the ledger on every intent — how many positions are open, and their
 * notional — kept as the fills change it, so an intent costs a few Decimal products per market
 * instead of a pass over every open lot (a DCA plan stacking a thousand buys made each new intent
 * walk a thousand lots: 5 ms). Quantities are the fills' own (market precision), so these sums are
 * exact and equal the per-lot sums they replace.
 */
export class OpenExposure {
  private readonly scopes = new Map<string, Scope>();

  /** A lot of `strategy` on `symbol` went from `before` to `after` open quantity. */
  change(strategy: string, symbol: string, before: Decimal, after: Decimal): void {
    if (before.equals(after)) return;
    const opened = before.isZero() && after.greaterThan(0);
    const closed = before.greaterThan(0) && after.lessThanOrEqualTo(0);
    const delta = after.minus(before);
    for (const name of [strategy, '*']) {
      const s = this.scope(name);
      if (opened) s.count++;
      if (closed) s.count--;
      s.quantity.set(symbol, (s.quantity.get(symbol) ?? ZERO).plus(delta));
    }
  }

  count(scope: string): number {
    return this.scopes.get(scope)?.count ?? 0;
  }

  /** Open quantity per market of a scope (markets with none left may stay, at zero). */
  quantities(scope: string): ReadonlyMap<string, Decimal> {
    return this.scopes.get(scope)?.quantity ?? EMPTY;
  }

  private scope(name: string): Scope {
    let s = this.scopes.get(name);
    if (s === undefined) {
      s = { count: 0, quantity: new Map() };
      this.scopes.set(name, s);
    }
    return s;
  }
}

const EMPTY: ReadonlyMap<string, Decimal> = new Map();
