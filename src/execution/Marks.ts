import { exactNumber } from '../domain/exactNumber.ts';
import { type Decimal, dec } from '../domain/money.ts';

/** One market's latest mark: as it came (a number from a feed, or a Decimal) and its Decimal once read. */
interface Mark {
  /** From a price feed: made Decimal when read while `pending`. */
  raw: number;
  pending: boolean;
  value: Decimal | undefined;
}

/**
 * The ledger's mark prices: the latest per market, from either path, whichever came last. A
 * market's cell stays in the map and changes in place: a feed writes a number every bar, and
 * the Decimal is made only when something reads it (the backtest hot path), with no map entry
 * added and deleted per bar.
 */
export class Marks {
  private readonly cells = new Map<string, Mark>();
  /** The last market written: a feed writes one market's marks in a row (two per backtest bar), one lookup saved each. */
  private lastSymbol: string | undefined;
  private lastCell: Mark = { raw: 0, pending: false, value: undefined };

  private cell(symbol: string): Mark {
    if (symbol === this.lastSymbol) return this.lastCell;
    let c = this.cells.get(symbol);
    if (c === undefined) {
      c = { raw: 0, pending: false, value: undefined };
      this.cells.set(symbol, c);
    }
    this.lastSymbol = symbol;
    this.lastCell = c;
    return c;
  }

  set(symbol: string, price: Decimal): void {
    const c = this.cell(symbol);
    c.pending = false;
    c.value = price;
  }

  setNumber(symbol: string, price: number): void {
    const c = this.cell(symbol);
    c.raw = price;
    c.pending = true;
  }

  /** The same mark as a float (the very number a feed gave, or the Decimal's nearest double). */
  number(symbol: string): number | undefined {
    const c = this.cells.get(symbol);
    if (c === undefined) return undefined;
    if (c.pending) return c.raw;
    return c.value === undefined ? undefined : exactNumber(c.value);
  }

  get(symbol: string): Decimal | undefined {
    const c = this.cells.get(symbol);
    if (c === undefined) return undefined;
    if (c.pending) {
      c.value = dec(c.raw);
      c.pending = false;
    }
    return c.value;
  }
}
