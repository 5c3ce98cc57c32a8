/**
 * Records named by a sequence number, in a dense array: `prefix` + the number zero-padded to
 * `width` digits, numbers starting after `base`. The engine names every request and position
 * this way, and a backtest holds millions of them: an array slot per record costs neither a
 * string hash nor a rehash of a huge Map as it grows, which were most of an open's bookkeeping.
 */
/** What a forgotten row holds: the id was issued and stored, and names nothing any more. */
const GONE: unique symbol = Symbol('forgotten');

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
    if (!id.startsWith(this.prefix)) return undefined;
    const n = Number(id.slice(this.prefix.length));
    return Number.isInteger(n) && this.idOf(n) === id ? n - this.base : undefined;
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
    if (!id.startsWith(this.prefix)) return -1;
    const digits = id.slice(this.prefix.length);
    if (digits.length === 0 || digits.length > 15) return -1;
    for (let i = 0; i < digits.length; i++) {
      const c = digits.charCodeAt(i);
      if (c < 48 || c > 57) return -1;
    }
    const n = Number(digits);
    // `tmp-01`, `tmp-1` and `tmp-0000001` are different texts: only the one we issued names a row.
    if (this.idOf(n) !== id) return -1;
    return n - this.base - 1;
  }

  private idOf(n: number): string {
    return `${this.prefix}${n.toString().padStart(this.width, '0')}`;
  }
}
