import { type Decimal, dec } from './money.ts';

/**
 * The Decimal of a number or numeric text, built once and shared: the venue client's money
 * fields and the simulator's request numbers repeat the same few values, and a Decimal made by
 * parsing keeps a digit array sized for growth (hundreds of bytes each when kept). Decimals never
 * change (decimal.js is immutable), so sharing is safe. Bounded: when full it starts over.
 */
export class DecimalTable<K extends number | string> {
  private readonly rows = new Map<K, Decimal>();
  private readonly max: number;

  constructor(max = 4096) {
    this.max = max;
  }

  get size(): number {
    return this.rows.size;
  }

  /** `dec(key)`, shared; throws as `dec` does for NaN, infinities and non-numeric text. */
  of(key: K): Decimal {
    const known = this.rows.get(key);
    if (known !== undefined) return known;
    const made = dec(key);
    // -0 and 0 are one Map key; both are zero, and dec gives 0 for both.
    if (this.rows.size >= this.max) this.rows.clear();
    this.rows.set(key, made);
    return made;
  }
}
