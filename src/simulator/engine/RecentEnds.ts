/**
 * The last `size` records added, oldest out first: adding one more hands the oldest to `drop`.
 * Size 0 drops each record as it comes.
 */
export class RecentEnds<T> {
  private readonly ring: (T | undefined)[];
  private next = 0;
  private readonly drop: (record: T) => void;

  constructor(size: number, drop: (record: T) => void) {
    if (!(Number.isSafeInteger(size) && size >= 0))
      throw new RangeError(`history: a whole number of records ≥ 0, got ${size}`);
    this.ring = new Array<T | undefined>(size).fill(undefined);
    this.drop = drop;
  }

  add(record: T): void {
    const size = this.ring.length;
    if (size === 0) {
      this.drop(record);
      return;
    }
    const oldest = this.ring[this.next];
    this.ring[this.next] = record;
    this.next = this.next + 1 === size ? 0 : this.next + 1;
    if (oldest !== undefined) this.drop(oldest);
  }
}
