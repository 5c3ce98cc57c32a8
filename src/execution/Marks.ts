import { type Decimal, dec } from '../domain/money.ts';

/** The ledger's mark prices: the latest per market, from either path, whichever came last. */
export class Marks {
  private readonly marks = new Map<string, Decimal>();
  /** Marks as they arrive from a price feed, made Decimal only when read (the backtest hot path). */
  private readonly raw = new Map<string, number>();

  set(symbol: string, price: Decimal): void {
    this.raw.delete(symbol);
    this.marks.set(symbol, price);
  }

  setNumber(symbol: string, price: number): void {
    this.raw.set(symbol, price);
  }

  get(symbol: string): Decimal | undefined {
    const raw = this.raw.get(symbol);
    if (raw !== undefined) {
      this.raw.delete(symbol);
      this.marks.set(symbol, dec(raw));
    }
    return this.marks.get(symbol);
  }
}
