/** Past this many entries a scan costs more than a hash lookup: the entries move into a Map. */
const SCAN_UP_TO = 8;

/**
 * A map for keys that come and go a few at a time (requests in flight, one turn's outcomes), in
 * insertion order like a Map. V8 reallocates a Map's table when a delete leaves it under a quarter
 * full, so a Map that holds one entry at a time allocates a table on every delete (set + delete
 * measured 60 ns against 10 ns in arrays). Up to SCAN_UP_TO entries live in two arrays and are
 * found by a scan; past that a Map holds them, until the map is empty again.
 */
export class FewMap<K, V> {
  private readonly keyList: K[] = [];
  private readonly valueList: V[] = [];
  private big: Map<K, V> | undefined;

  get size(): number {
    return this.big === undefined ? this.keyList.length : this.big.size;
  }

  get(key: K): V | undefined {
    if (this.big !== undefined) return this.big.get(key);
    const i = this.keyList.indexOf(key);
    return i < 0 ? undefined : this.valueList[i];
  }

  has(key: K): boolean {
    return this.big !== undefined ? this.big.has(key) : this.keyList.includes(key);
  }

  set(key: K, value: V): void {
    if (this.big !== undefined) {
      this.big.set(key, value);
      return;
    }
    const i = this.keyList.indexOf(key);
    if (i >= 0) this.valueList[i] = value;
    else if (this.keyList.length < SCAN_UP_TO) {
      this.keyList.push(key);
      this.valueList.push(value);
    } else {
      const big = new Map<K, V>();
      for (let j = 0; j < this.keyList.length; j++) big.set(this.keyList[j] as K, this.valueList[j] as V);
      big.set(key, value);
      this.big = big;
      this.keyList.length = 0;
      this.valueList.length = 0;
    }
  }

  delete(key: K): boolean {
    const big = this.big;
    if (big !== undefined) {
      const had = big.delete(key);
      if (big.size === 0) this.big = undefined;
      return had;
    }
    const keys = this.keyList;
    const i = keys.indexOf(key);
    if (i < 0) return false;
    // Shifted, not swapped with the last: the order stays the insertion order.
    const values = this.valueList;
    for (let j = i + 1; j < keys.length; j++) {
      keys[j - 1] = keys[j] as K;
      values[j - 1] = values[j] as V;
    }
    keys.pop();
    values.pop();
    return true;
  }

  clear(): void {
    this.big = undefined;
    this.keyList.length = 0;
    this.valueList.length = 0;
  }

  /** The keys in insertion order, as a new array. */
  keys(): K[] {
    return this.big === undefined ? this.keyList.slice() : [...this.big.keys()];
  }

  /** The values in insertion order, as a new array. */
  values(): V[] {
    return this.big === undefined ? this.valueList.slice() : [...this.big.values()];
  }
}
