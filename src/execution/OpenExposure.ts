import { type Decimal, ZERO } from '../domain/money.ts';

/** One market's open quantity in one scope. */
interface Cell {
  quantity: Decimal;
}

/** Open lots' count and quantity per market, for one strategy or ('*') the whole account. */
interface Scope {
  count: number;
  readonly cells: Map<string, Cell>;
}

/**
 * Where the lots of one strategy on one market count: their strategy's scope and the account's.
 * A lot holds its slot from its first fill, so a fill reaches both cells without a lookup.
 */
export interface ExposureSlot {
  readonly own: Scope;
  readonly all: Scope;
  readonly ownCell: Cell;
  readonly allCell: Cell;
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

  /** The slot of `strategy`'s lots on `symbol`, made once per lot. */
  slot(strategy: string, symbol: string): ExposureSlot {
    const own = this.scope(strategy);
    const all = this.scope('*');
    return { own, all, ownCell: cellOf(own, symbol), allCell: cellOf(all, symbol) };
  }

  /**
   * A fill moved a lot's open quantity by `quantity` (added on an open, taken off on a close);
   * `opened`/`closed`: the lot went from none to some, or from some to none.
   */
  move(slot: ExposureSlot, quantity: Decimal, adds: boolean, opened: boolean, closed: boolean): void {
    const { ownCell, allCell } = slot;
    if (adds) {
      ownCell.quantity = ownCell.quantity.plus(quantity);
      allCell.quantity = allCell.quantity.plus(quantity);
    } else {
      ownCell.quantity = ownCell.quantity.minus(quantity);
      allCell.quantity = allCell.quantity.minus(quantity);
    }
    if (opened) {
      slot.own.count++;
      slot.all.count++;
    } else if (closed) {
      slot.own.count--;
      slot.all.count--;
    }
  }

  count(scope: string): number {
    return this.scopes.get(scope)?.count ?? 0;
  }

  /** Open quantity per market of a scope (markets with none left may stay, at zero). */
  quantities(scope: string): ReadonlyMap<string, { readonly quantity: Decimal }> {
    return this.scopes.get(scope)?.cells ?? EMPTY;
  }

  private scope(name: string): Scope {
    let s = this.scopes.get(name);
    if (s === undefined) {
      s = { count: 0, cells: new Map() };
      this.scopes.set(name, s);
    }
    return s;
  }
}

function cellOf(scope: Scope, symbol: string): Cell {
  let c = scope.cells.get(symbol);
  if (c === undefined) {
    c = { quantity: ZERO };
    scope.cells.set(symbol, c);
  }
  return c;
}

const EMPTY: ReadonlyMap<string, Cell> = new Map();
