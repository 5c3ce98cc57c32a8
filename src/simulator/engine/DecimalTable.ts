import { type Decimal, dec } from '../../domain/money.ts';

/**
 * The Decimal of a request's number (quantity, leverage, price, slippage), built once and shared.
 * Bots repeat the same few values, and a Decimal parsed from text keeps a digit array sized
 * for growth: hundreds of bytes a position when each kept its own. Decimals never change
 * (decimal.js is immutable), so sharing is safe. Bounded: when full it starts over.
 */
export class DecimalTable {
  private readonly rows = new Map<number, Decimal>();
  private readonly max: number;

  constructor(max = 4096) {
    this.max = max;
  }

  /** `dec(n)`, shared; throws as `dec` does for NaN and infinities. */
  of(n: number): Decimal {
    const known = this.rows.get(n);
    if (known !== undefined) return known;
    const made = dec(n);
    // -0 and 0 are one Map key; both are zero, and dec gives 0 for both.
    if (this.rows.size >= this.max) this.rows.clear();
    this.rows.set(n, made);
    return made;
  }
}
