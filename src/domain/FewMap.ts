/** Past this many entries a scan costs more than a hash lookup: the entries move into a Map. */
const SCAN_UP_TO = 8;

interface Entry<K, V> {
  key: K;
  value: V;
}

/**
 * A map for keys that come and go a few at a time (requests in flight, one turn's outcomes), in
 * insertion order like a Map. V8 reallocates a Map's table when a delete leaves it under a quarter
 * full, so a Map that holds one entry at a time allocates a table on every delete (set + delete
 * measured 60 ns against 10 ns in an array). Up to SCAN_UP_TO entries live in an array and are
 * found by a scan; past that a Map holds them, until the map is empty again.
 */
export class FewMap<K, V> {
  private readonly entries: Entry<K, V>[] = [];
  /**
   * Entries deleted, kept for the next sets (at most SCAN_UP_TO): a map that gains and loses a
   * request at a time made an entry per set. Nothing outside holds an entry; a kept one holds no
   * value (it would keep that value alive).
   */
  private readonly spare: Entry<K, V>[] = [];
  private big: Map<K, V> | undefined;

  get size(): number {
    return this.big === undefined ? this.entries.length : this.big.size;
  }

  private find(key: K): Entry<K, V> | undefined {
    for (const e of this.entries) if (e.key === key) return e;
    return undefined;
  }

  get(key: K): V | undefined {
    return this.big !== undefined ? this.big.get(key) : this.find(key)?.value;
  }

  has(key: K): boolean {
    return this.big !== undefined ? this.big.has(key) : this.find(key) !== undefined;
  }

  set(key: K, value: V): void {
    if (this.big !== undefined) {
      this.big.set(key, value);
      return;
    }
    const found = this.find(key);
    if (found !== undefined) found.value = value;
    else if (this.entries.length < SCAN_UP_TO) {
      const e = this.spare.pop();
      if (e === undefined) this.entries.push({ key, value });
      else {
        e.key = key;
        e.value = value;
        this.entries.push(e);
      }
    } else {
      const big = new Map<K, V>();
      for (const e of this.entries) big.set(e.key, e.value);
      big.set(key, value);
      this.big = big;
      this.entries.length = 0;
    }
  }

  delete(key: K): boolean {
    const big = this.big;
    if (big !== undefined) {
      const had = big.delete(key);
      if (big.size === 0) this.big = undefined;
      return had;
    }
    const entries = this.entries;
    let i = 0;
    while (i < entries.length && entries[i]?.key !== key) i++;
    const gone = entries[i];
    if (gone === undefined) return false;
    this.keep(gone);
    // Shifted in place, not swapped with the last: the order stays the insertion order. A loop,
    // not copyWithin, which V8 runs as a generic builtin (it was most of a delete's time).
    for (let j = i + 1; j < entries.length; j++) {
      const e = entries[j];
      if (e !== undefined) entries[j - 1] = e;
    }
    entries.pop();
    return true;
  }

  clear(): void {
    this.big = undefined;
    // Popped, so the array keeps its room for the next few.
    for (let e = this.entries.pop(); e !== undefined; e = this.entries.pop()) this.keep(e);
  }

  private keep(e: Entry<K, V>): void {
    if (this.spare.length >= SCAN_UP_TO) return;
    // Blanked through a wider view of the same object: the next set writes both before any read.
    const blank: Entry<K | undefined, V | undefined> = e;
    blank.key = undefined;
    blank.value = undefined;
    this.spare.push(e);
  }

  /** The keys in insertion order, as a new array. */
  keys(): K[] {
    return this.big === undefined ? this.entries.map((e) => e.key) : [...this.big.keys()];
  }

  /** The values in insertion order, as a new array. */
  values(): V[] {
    return this.big === undefined ? this.entries.map((e) => e.value) : [...this.big.values()];
  }
}
