/** What a forgotten row holds: the id was issued and stored, and names nothing any more. */
const GONE: unique symbol = Symbol('forgotten');

/**
 * Records named by a sequence number, in a dense array: `prefix` + the number zero-padded to
 * `width` digits, numbers starting after `base`. The engine names every request and position
 * this way, and a backtest holds millions of them: an array slot per record costs neither a
 * string hash nor a rehash of a huge Map as it grows, which were most of an open's bookkeeping.
 */
export class SeqTable<T> {
  private readonly rows: (T | typeof GONE | undefined)[] = [];
  private issued = 0;
  private last = '';
  private readonly prefix: string;
  private readonly width: number;
  private readonly base: number;

  constructor(prefix: string, width: number, base = 0) {
    this.prefix = prefix;
    this.width = width;
    this.base = base;
  }

  /** A new id, never issued before. */
  issue(): string {
    this.last = this.idOf(this.base + ++this.issued);
    return this.last;
  }

  /** How many ids were issued: what a snapshot keeps so a restored table never reissues one. */
  get issuedCount(): number {
    return this.issued;
  }

  /** Continues after `count` issued ids (a restore); never goes back. */
  skipTo(count: number): void {
    if (count > this.issued) {
      this.issued = count;
      this.last = '';
    }
  }

  /** The sequence number of an id this table issues, or undefined. */
  numberOf(id: string): number | undefined {
    const n = this.parse(id);
    return n < 0 ? undefined : n - this.base;
  }

  /** Stores `row` under `id`, which must be the id issued last; an id never stored names nothing. */
  store(id: string, row: T): void {
    if (id !== this.last) throw new Error(`SeqTable: ${id} is not the id issued last (${this.last})`);
    this.rows[this.issued - 1] = row;
  }

  /** The record behind `id`, or undefined for any other text, including a non-canonical spelling. */
  get(id: string): T | undefined {
    const slot = this.slotOf(id);
    const row = slot < 0 ? undefined : this.rows[slot];
    return row === GONE ? undefined : row;
  }

  /** Whether `id` named a record that `forget` dropped (get answers undefined for it). */
  forgotten(id: string): boolean {
    const slot = this.slotOf(id);
    return slot >= 0 && this.rows[slot] === GONE;
  }

  /** Drops the record stored under `id` for good: its slot remembers only that it was there. */
  forget(id: string): void {
    const slot = this.slotOf(id);
    const row = slot < 0 ? undefined : this.rows[slot];
    if (row === undefined || row === GONE) throw new Error(`SeqTable: nothing stored under ${id}`);
    this.rows[slot] = GONE;
  }

  /** Every stored record not forgotten, oldest first. */
  *values(): IterableIterator<T> {
    for (const row of this.rows) if (row !== undefined && row !== GONE) yield row;
  }

  /** The row index `id` names, or -1 (no row) for any text this table does not issue. */
  private slotOf(id: string): number {
    const n = this.parse(id);
    return n < 0 ? -1 : n - this.base - 1;
  }

  /**
   * The number `id` spells in the one way `idOf` writes it, or -1. `tmp-01`, `tmp-1` and
   * `tmp-0000001` are different texts: only the one we issue names a row. That spelling is told
   * from the digits' count and first digit, with no id built to compare (a lookup is on every
   * fill's path).
   */
  private parse(id: string): number {
    const from = this.prefix.length;
    const digits = id.length - from;
    if (digits === 0 || digits > 15 || !id.startsWith(this.prefix)) return -1;
    if (digits < this.width || (digits > this.width && digits > 1 && id.charCodeAt(from) === 48)) return -1;
    let n = 0;
    for (let i = from; i < id.length; i++) {
      const c = id.charCodeAt(i);
      if (c < 48 || c > 57) return -1;
      n = n * 10 + (c - 48);
    }
    return n;
  }

  private idOf(n: number): string {
    return `${this.prefix}${n.toString().padStart(this.width, '0')}`;
  }
}
