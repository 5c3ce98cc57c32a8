/**
 * An insertion-ordered set of records that carry their own slot number in field `key`: add and
 * delete touch one array slot, with no hashing. A subaccount or a symbol of a long backtest holds
 * hundreds of thousands of positions, and growing a Set that size re-hashes it every doubling.
 * Deleted slots are holes, squeezed out once they are half the array.
 */
export class SlotList<K extends string, T extends Record<K, number>> {
  private items: (T | undefined)[] = [];
  private holes = 0;
  private readonly key: K;

  /** `key` names the field of T that this list owns: -1 when the record is not in the list. */
  constructor(key: K) {
    this.key = key;
  }

  get size(): number {
    return this.items.length - this.holes;
  }

  has(x: T): boolean {
    const i = x[this.key];
    return i >= 0 && this.items[i] === x;
  }

  add(x: T): void {
    if (this.has(x)) return;
    const slot: Record<K, number> = x;
    slot[this.key] = this.items.length;
    this.items.push(x);
  }

  delete(x: T): boolean {
    if (!this.has(x)) return false;
    this.items[x[this.key]] = undefined;
    const slot: Record<K, number> = x;
    slot[this.key] = -1;
    if (++this.holes > 16 && this.holes * 2 > this.items.length) this.squeeze();
    return true;
  }

  /** The members, oldest first, as a new array (safe to change the list while walking it). */
  toArray(): T[] {
    const out: T[] = [];
    for (const x of this.items) if (x !== undefined) out.push(x);
    return out;
  }

  private squeeze(): void {
    const kept = this.toArray();
    let i = 0;
    for (const x of kept) {
      const slot: Record<K, number> = x;
      slot[this.key] = i++;
    }
    this.items = kept;
    this.holes = 0;
  }
}
