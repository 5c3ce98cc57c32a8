/**
 * Records named by a sequence number, in a dense array: `prefix` + the number zero-padded to
 * `width` digits, numbers starting after `base`. The engine names every request and position
 * this way, and a backtest holds millions of them: an array slot per record costs neither a
 * string hash nor a rehash of a huge Map as it grows, which were most of an open's bookkeeping.
 */
export class SeqTable<T> {
  private readonly rows: (T | undefined)[] = [];
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
    if (!id.startsWith(this.prefix)) return undefined;
    const digits = id.slice(this.prefix.length);
    if (digits.length === 0 || digits.length > 15) return undefined;
    for (let i = 0; i < digits.length; i++) {
      const c = digits.charCodeAt(i);
      if (c < 48 || c > 57) return undefined;
    }
    const n = Number(digits);
    // `tmp-01`, `tmp-1` and `tmp-0000001` are different texts: only the one we issued names a row.
    if (this.idOf(n) !== id) return undefined;
    return this.rows[n - this.base - 1];
  }

  /** Every stored record, oldest first. */
  *values(): IterableIterator<T> {
    for (const row of this.rows) if (row !== undefined) yield row;
  }

  private idOf(n: number): string {
    return `${this.prefix}${n.toString().padStart(this.width, '0')}`;
  }
}
