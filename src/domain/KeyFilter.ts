/**
 * A Bloom filter over string keys, by their `keyHash`: `mayHave` false means the key was never
 * added. It answers a miss in a table of every id of a long run with two reads of a small bit
 * array, where the table's own miss reads cold memory (its bucket, and the keys chained there).
 */
export class KeyFilter {
  private bits: Int32Array;
  private mask: number;
  private count = 0;

  constructor(expected = 1 << 12) {
    const words = sizeFor(expected);
    this.bits = new Int32Array(words);
    this.mask = words * 32 - 1;
  }

  get size(): number {
    return this.count;
  }

  /** Whether `more` keys fit without crowding the filter (past its size, false positives climb). */
  fits(more: number): boolean {
    return (this.count + more) * BITS_PER_KEY <= this.bits.length * 32;
  }

  /** Adds the key whose `keyHash` is `h`. */
  add(h: number): void {
    const a = h & this.mask;
    const b = mix(h) & this.mask;
    const bits = this.bits;
    bits[a >>> 5] = (bits[a >>> 5] ?? 0) | (1 << (a & 31));
    bits[b >>> 5] = (bits[b >>> 5] ?? 0) | (1 << (b & 31));
    this.count++;
  }

  /** False when no key with `keyHash` `h` was added. */
  mayHave(h: number): boolean {
    const a = h & this.mask;
    if (((this.bits[a >>> 5] ?? 0) & (1 << (a & 31))) === 0) return false;
    const b = mix(h) & this.mask;
    return ((this.bits[b >>> 5] ?? 0) & (1 << (b & 31))) !== 0;
  }

  /** Sized afresh for `expected` keys, empty: the owner adds its keys again. */
  reset(expected: number): void {
    const words = sizeFor(expected);
    this.bits = new Int32Array(words);
    this.mask = words * 32 - 1;
    this.count = 0;
  }
}

/** About 2.4 % false positives with two probes, (1 − e^(−2/12))²; a positive costs only the lookup the filter would have saved. */
const BITS_PER_KEY = 12;

/** Words of 32 bits for `expected` keys, a power of two (the index is a mask). */
function sizeFor(expected: number): number {
  let words = 32;
  while (words * 32 < expected * BITS_PER_KEY) words *= 2;
  return words;
}

/**
 * FNV-1a over the length and the last 24 characters: ids differ at their end (a digest, a
 * counter, a suffix), and a long shared prefix need not be read on every probe.
 */
export function keyHash(key: string): number {
  let h = (2_166_136_261 ^ key.length) >>> 0;
  const from = key.length > 24 ? key.length - 24 : 0;
  for (let i = from; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16_777_619);
  return h >>> 0;
}

/** A second, independent-enough index from the same hash (murmur3's finaliser). */
function mix(h: number): number {
  let x = Math.imul(h ^ (h >>> 16), 0x85eb_ca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2_ae35);
  return (x ^ (x >>> 16)) >>> 0;
}
