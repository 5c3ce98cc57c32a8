import { KeyFilter, keyHash } from './KeyFilter.ts';

/** Entries in the young map before it is retired: few enough to stay in the CPU's caches. */
const YOUNG_UP_TO = 4_096;

/**
 * A string-keyed map for tables that keep every id of a run (requests, fills, lots) while nearly
 * every access is to an id made moments ago, or to one never seen (the duplicate check of a fresh
 * id). In one large Map each fresh id reads cold memory twice, for its miss and for its insert: a
 * random bucket and the keys chained there. Here new keys go to a small young Map, retired whole
 * when full (never copied), and a filter of every retired key answers a fresh id with two bit
 * reads. A retired map has a filter of its own, so an old key is found without asking each map.
 * Insertion order is kept, as a Map's (a key set again stays where it was). No delete: the
 * tables it serves only grow.
 */
export class AgedMap<K extends string, V> {
  private young = new Map<K, V>();
  /** Retired young maps, oldest first, each with its filter. */
  private readonly old: { readonly map: Map<K, V>; readonly filter: KeyFilter }[] = [];
  /** Every retired key's hash, oldest first: the whole filter is rebuilt from these, not from the keys. */
  private hashes = new Uint32Array(YOUNG_UP_TO);
  private oldSize = 0;
  private readonly filter = new KeyFilter();
  private readonly youngUpTo: number;

  constructor(youngUpTo = YOUNG_UP_TO) {
    this.youngUpTo = youngUpTo;
  }

  get size(): number {
    return this.oldSize + this.young.size;
  }

  get(key: K): V | undefined {
    const v = this.young.get(key);
    if (v !== undefined || this.oldSize === 0) return v;
    return this.oldHolding(key)?.get(key);
  }

  has(key: K): boolean {
    return this.young.has(key) || (this.oldSize !== 0 && this.oldHolding(key) !== undefined);
  }

  set(key: K, value: V): void {
    const young = this.young;
    if (this.oldSize !== 0 && !young.has(key)) {
      const holder = this.oldHolding(key);
      if (holder !== undefined) {
        holder.set(key, value);
        return;
      }
    }
    young.set(key, value);
    if (young.size >= this.youngUpTo) this.retire();
  }

  /** The values in insertion order, as a new array. */
  values(): V[] {
    const out: V[] = [];
    for (const o of this.old) for (const v of o.map.values()) out.push(v);
    for (const v of this.young.values()) out.push(v);
    return out;
  }

  /** The retired map holding `key`, if any: newest first, asking only those whose filter may hold it. */
  private oldHolding(key: K): Map<K, V> | undefined {
    const h = keyHash(key);
    if (!this.filter.mayHave(h)) return undefined;
    for (let i = this.old.length - 1; i >= 0; i--) {
      const o = this.old[i];
      if (o?.filter.mayHave(h) && o.map.has(key)) return o.map;
    }
    return undefined;
  }

  private retire(): void {
    const retired = this.young;
    const own = new KeyFilter(retired.size);
    const filter = this.filter;
    const grow = !filter.fits(retired.size);
    if (this.oldSize + retired.size > this.hashes.length) {
      const more = new Uint32Array(2 * (this.oldSize + retired.size));
      more.set(this.hashes.subarray(0, this.oldSize));
      this.hashes = more;
    }
    let n = this.oldSize;
    for (const k of retired.keys()) {
      const h = keyHash(k);
      own.add(h);
      if (!grow) filter.add(h);
      this.hashes[n++] = h;
    }
    if (grow) {
      // Sized for twice the keys it will hold, then filled from the kept hashes: amortised O(1) a key.
      filter.reset(2 * n);
      for (let i = 0; i < n; i++) filter.add(this.hashes[i] ?? 0);
    }
    this.old.push({ map: retired, filter: own });
    this.oldSize = n;
    this.young = new Map();
  }
}
