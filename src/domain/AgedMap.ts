import { KeyFilter } from './KeyFilter.ts';

/** Entries in the young map before they move to the old one: few enough to stay in the CPU's caches. */
const YOUNG_UP_TO = 4_096;

/**
 * A string-keyed map for tables that keep every id of a run (requests, fills, lots) while nearly
 * every access is to an id made moments ago, or to one never seen (the duplicate check of a fresh
 * id). In one large Map a fresh id's lookup reads cold memory: a random bucket and the keys
 * chained there. Here new keys go to a small young Map, which moves into the old Map in one go
 * when full, and a filter of the old keys answers a fresh id with two bit reads. Insertion order
 * is kept, as a Map's (a key set again stays where it was). No delete: the tables it serves only
 * grow.
 */
export class AgedMap<K extends string, V> {
  private young = new Map<K, V>();
  private readonly old = new Map<K, V>();
  private readonly filter = new KeyFilter();

  private readonly youngUpTo: number;

  constructor(youngUpTo = YOUNG_UP_TO) {
    this.youngUpTo = youngUpTo;
  }

  get size(): number {
    return this.old.size + this.young.size;
  }

  get(key: K): V | undefined {
    const v = this.young.get(key);
    if (v !== undefined || !this.filter.mayHave(key)) return v;
    return this.old.get(key);
  }

  has(key: K): boolean {
    return this.young.has(key) || (this.filter.mayHave(key) && this.old.has(key));
  }

  set(key: K, value: V): void {
    const young = this.young;
    if (!young.has(key) && this.filter.mayHave(key) && this.old.has(key)) {
      this.old.set(key, value);
      return;
    }
    young.set(key, value);
    if (young.size >= this.youngUpTo) this.retire();
  }

  /** The values in insertion order, as a new array. */
  values(): V[] {
    return [...this.old.values(), ...this.young.values()];
  }

  /** The young entries to the old map, in their order; the filter grows when they would crowd it. */
  private retire(): void {
    const old = this.old;
    const filter = this.filter;
    const resize = !filter.fits(this.young.size);
    for (const [k, v] of this.young) {
      old.set(k, v);
      if (!resize) filter.add(k);
    }
    this.young = new Map();
    if (resize) {
      // Sized for twice the keys it holds now, then every old key added again: amortised O(1) per key.
      filter.reset(2 * old.size);
      for (const k of old.keys()) filter.add(k);
    }
  }
}
