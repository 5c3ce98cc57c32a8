import type { Exposure } from './Exposure.ts';

/**
 * A subaccount's cross exposures, one per symbol, in the order they were made: what a
 * Map<symbol, Exposure> gives (a symbol deleted and set again goes to the end), kept in an
 * array. A subaccount holds a few markets at most, so a scan finds one faster than a hash; and a
 * Map that goes from one entry to none and back, as it does on every round trip of a lone
 * position, is rehashed into a new table each time (a runtime call).
 */
export class ExposureBook {
  private readonly items: Exposure[] = [];

  get size(): number {
    return this.items.length;
  }

  get(symbol: string): Exposure | undefined {
    for (const e of this.items) if (e.market.spec.symbol === symbol) return e;
    return undefined;
  }

  has(symbol: string): boolean {
    return this.get(symbol) !== undefined;
  }

  /** Stores `e` under its market's symbol: in place of the one there, or last. */
  set(e: Exposure): void {
    const i = this.indexOf(e.market.spec.symbol);
    if (i < 0) this.items.push(e);
    else this.items[i] = e;
  }

  delete(symbol: string): boolean {
    const i = this.indexOf(symbol);
    if (i < 0) return false;
    // In place: splice would make an array of the removed entry, on every round trip.
    this.items.copyWithin(i, i + 1);
    this.items.pop();
    return true;
  }

  clear(): void {
    this.items.length = 0;
  }

  /** Oldest first; not to be changed while walked. */
  values(): readonly Exposure[] {
    return this.items;
  }

  private indexOf(symbol: string): number {
    for (let i = 0; i < this.items.length; i++) if (this.items[i]?.market.spec.symbol === symbol) return i;
    return -1;
  }
}
