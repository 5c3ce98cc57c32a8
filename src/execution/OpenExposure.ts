import { addTo } from '../domain/addTo.ts';
import { type Decimal, ZERO } from '../domain/money.ts';

/** One market's open quantity in one scope; `listed` once a fill first moved it. */
interface Cell {
  quantity: Decimal;
  listed: boolean;
}

/** Open lots' count and quantity per market, for one strategy or ('*') the whole account. */
interface Scope {
  count: number;
  readonly cells: Map<string, Cell>;
  /**
   * The cells in the order fills first moved them (not the order lots were made): the order
   * `openNotional` sums its per-market products in, as before slots.
   */
  readonly listed: Map<string, Cell>;
}

/**
 * Where the lots of one strategy on one market count: their strategy's cell and, once the account
 * holds more than one strategy's lots, the account's. A lot holds its slot from its first fill,
 * so a fill reaches the cells without a lookup.
 */
export interface ExposureSlot {
  readonly symbol: string;
  readonly own: Scope;
  readonly ownCell: Cell;
  /** The account's scope and cell: undefined while one strategy's scope is the account's. */
  all: Scope | undefined;
  allCell: Cell | undefined;
}

/**
 * What the risk gate asks of the ledger on every intent — how many positions are open, and their
 * notional — kept as the fills change it, so an intent costs a few Decimal products per market
 * instead of a pass over every open lot (a DCA plan stacking a thousand buys made each new intent
 * walk a thousand lots: 5 ms). Quantities are the fills' own (market precision), so these sums are
 * exact and equal the per-lot sums they replace. While every lot is one strategy's (a backtest),
 * that strategy's scope answers for the account: the second strategy copies it into the
 * account's, which from then on is kept beside.
 */
export class OpenExposure {
  private readonly scopes = new Map<string, Scope>();
  /** The one strategy's scope, until a second strategy's first lot makes the account's (`mixed`). */
  private sole: Scope | undefined;
  private mixed = false;
  /** The slots made before the account's scope existed, to link to it then. */
  private readonly early: ExposureSlot[] = [];

  /** The slot of `strategy`'s lots on `symbol`, made once per strategy and market. */
  slot(strategy: string, symbol: string): ExposureSlot {
    const own = this.scope(strategy);
    if (!this.mixed && this.sole !== undefined && own !== this.sole) this.mix(this.sole);
    const slot: ExposureSlot = {
      symbol,
      own,
      ownCell: cellOf(own, symbol),
      all: undefined,
      allCell: undefined,
    };
    if (this.mixed) link(slot, this.scope('*'));
    else {
      this.sole = own;
      this.early.push(slot);
    }
    return slot;
  }

  /**
   * A fill moved a lot's open quantity from `before` to `after`, by `quantity` (added on an open,
   * taken off on a close); `opened`/`closed`: the lot went from none to some, or from some to none.
   */
  move(slot: ExposureSlot, m: LotMove): void {
    const { ownCell, allCell } = slot;
    if (!ownCell.listed) list(slot.own, slot.symbol, ownCell);
    ownCell.quantity = moved(ownCell.quantity, m);
    if (allCell !== undefined && slot.all !== undefined) {
      if (!allCell.listed) list(slot.all, slot.symbol, allCell);
      allCell.quantity = moved(allCell.quantity, m);
    }
    const by = m.opened ? 1 : m.closed ? -1 : 0;
    slot.own.count += by;
    if (slot.all !== undefined) slot.all.count += by;
  }

  count(scope: string): number {
    return this.read(scope)?.count ?? 0;
  }

  /** Open quantity per market of a scope (markets with none left may stay, at zero). */
  quantities(scope: string): ReadonlyMap<string, { readonly quantity: Decimal }> {
    return this.read(scope)?.listed ?? EMPTY;
  }

  private read(scope: string): Scope | undefined {
    return scope === '*' && !this.mixed ? this.sole : this.scopes.get(scope);
  }

  /** The account's scope starts as a copy of the one strategy's: the same sums in the same order. */
  private mix(sole: Scope): void {
    this.mixed = true;
    const all = this.scope('*');
    all.count = sole.count;
    for (const [symbol, c] of sole.listed) {
      const a = cellOf(all, symbol);
      a.quantity = c.quantity;
      list(all, symbol, a);
    }
    for (const slot of this.early) link(slot, all);
    this.early.length = 0;
  }

  private scope(name: string): Scope {
    let s = this.scopes.get(name);
    if (s === undefined) {
      s = { count: 0, cells: new Map(), listed: new Map() };
      this.scopes.set(name, s);
    }
    return s;
  }
}

/** What one fill did to its lot. */
export interface LotMove {
  readonly quantity: Decimal;
  readonly adds: boolean;
  readonly before: Decimal;
  readonly after: Decimal;
  readonly opened: boolean;
  readonly closed: boolean;
}

/**
 * A cell's quantity after the move. A cell holding the very Decimal the lot held (its only lot
 * there) takes the lot's result of a close: the same subtraction, done once.
 */
function moved(cell: Decimal, m: LotMove): Decimal {
  if (m.adds) return addTo(cell, m.quantity);
  return cell === m.before ? m.after : cell.minus(m.quantity);
}

function link(slot: ExposureSlot, all: Scope): void {
  slot.all = all;
  slot.allCell = cellOf(all, slot.symbol);
}

function list(scope: Scope, symbol: string, cell: Cell): void {
  cell.listed = true;
  scope.listed.set(symbol, cell);
}

function cellOf(scope: Scope, symbol: string): Cell {
  let c = scope.cells.get(symbol);
  if (c === undefined) {
    c = { quantity: ZERO, listed: false };
    scope.cells.set(symbol, c);
  }
  return c;
}

const EMPTY: ReadonlyMap<string, Cell> = new Map();
