import type { Request } from './state.ts';

/**
 * Ended requests in the order of their `updatedAt`, so those ended since a moment are found by a
 * binary search instead of a walk of every request. An ended request never moves again (no move
 * leaves a terminal status: simStatus.ts), so its place in the order is final.
 */
export class EndedLog {
  private readonly rows: Request[] = [];
  /** Rows before this one were dropped (dropWhile); the array is compacted now and then. */
  private start = 0;

  /** Adds `ended`, in any order. Usually all of them ended after every row here: appended. */
  add(ended: readonly Request[]): void {
    if (ended.length === 0) return;
    const batch = [...ended].sort(byUpdatedAt);
    const last = this.rows.length > this.start ? this.rows.at(-1) : undefined;
    const first = batch[0];
    if (last === undefined || first === undefined || last.updatedAt <= first.updatedAt) {
      for (const r of batch) this.rows.push(r);
      return;
    }
    // Older than the tail (a restore puts back requests ended long ago): merge, once.
    const merged = this.rows.slice(this.start).concat(batch).sort(byUpdatedAt);
    this.rows.length = 0;
    for (const r of merged) this.rows.push(r);
    this.start = 0;
  }

  /** Rows with `updatedAt` ≥ `since`, oldest first. */
  *since(since: number): IterableIterator<Request> {
    let lo = this.start;
    let hi = this.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const r = this.rows[mid];
      if (r !== undefined && r.updatedAt < since) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.rows.length; i++) {
      const r = this.rows[i];
      if (r !== undefined) yield r;
    }
  }

  /** Drops the oldest rows while `gone` says so (records a bounded history forgot). */
  dropWhile(gone: (r: Request) => boolean): void {
    for (let r = this.rows[this.start]; r !== undefined && gone(r); r = this.rows[this.start]) this.start++;
    if (this.start > 1024 && this.start * 2 > this.rows.length) {
      this.rows.splice(0, this.start);
      this.start = 0;
    }
  }
}

const byUpdatedAt = (a: Request, b: Request): number => a.updatedAt - b.updatedAt;
