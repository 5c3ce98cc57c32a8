import { IntentId, type StrategyId } from './ids.ts';

/**
 * The id of an intent is a pure function of (strategy, signal, leg): a strategy that repeats a
 * signal — after a restart, or twice on one bar — produces the same id, and the executor
 * recognises it instead of trading twice (reliability.md A4, scenario 15).
 *
 * The function is MurmurHash3 x86_128 (Austin Appleby's, public domain) of the UTF-16LE bytes
 * of `strategy \0 signal \0 leg`, written out as `in_` and the first 96 bits in hex. Why not
 * sha256, as before: the id is taken once per intent on the strategy path, where sha256 through
 * node:crypto (a native call, a buffer, hex) cost more than the rest of an intent's check and
 * conversion together; this is 32-bit arithmetic in the caller's own JIT-compiled code (both are
 * timed side by side by `npm run bench -- strategies`). Why it is safe:
 * - deterministic everywhere: integer operations only (Math.imul, shifts), no platform, locale or
 *   seed dependence, so ids are identical across runs, machines and Node versions;
 * - collision-safe in practice: 96 well-mixed bits (MurmurHash3 passes SMHasher's avalanche and
 *   distribution tests) make a collision among 10⁹ ids of one strategy about 6·10⁻¹², the same
 *   bound as the truncated sha256; signals are the author's own strings, not an adversary's, so
 *   a hash built to resist chosen collisions buys nothing here (intentId.test.ts checks 10⁶
 *   realistic signals for collisions and the avalanche of a one-character change).
 * The ids differ from the sha256 ones of perpflow before 2026-11-25: stop a bot cleanly (no
 *   intent in flight or unknown) before upgrading across that change, or a signal re-emitted
 *   right after the restart would not be recognised as the one already journaled.
 */
export function deriveIntentId(strategyId: StrategyId, signalId: string, leg = 0): IntentId {
  // The key's code units go straight into a scratch buffer: no joined string is built.
  let n = put(strategyId, 0);
  n = put(signalId, put('\u0000', n));
  n = leg >= 0 && leg <= 9 ? put1(48 + leg, put('\u0000', n)) : put(String(leg), put('\u0000', n));
  hash96(n);
  return IntentId(idOfOut());
}

/** MurmurHash3_x86_128, seed 0, of the string's UTF-16LE bytes: its first 96 bits as 24 hex digits. */
export function murmur96(s: string): string {
  hash96(put(s, 0));
  return idOfOut().slice(3);
}

/** The code units being hashed; grows for a long key. */
let units = new Uint16Array(256);

function put(s: string, at: number): number {
  const end = at + s.length;
  if (end > units.length) {
    const bigger = new Uint16Array(Math.max(end, units.length * 2));
    bigger.set(units);
    units = bigger;
  }
  for (let i = 0; i < s.length; i++) units[at + i] = s.charCodeAt(i);
  return end;
}

function put1(unit: number, at: number): number {
  if (at >= units.length) return put(String.fromCharCode(unit), at);
  units[at] = unit;
  return at + 1;
}

const C1 = 0x239b961b;
const C2 = 0xab0e9789;
const C3 = 0x38b34ae5;
const C4 = 0xa1e38b93;
/** The last hash96 result (h1, h2, h3): no array per id. */
const out = new Int32Array(3);
const DIGIT = Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
const IN_ = 'i'.charCodeAt(0);
const IN_N = 'n'.charCodeAt(0);
const IN_UNDERSCORE = '_'.charCodeAt(0);
const d = (w: number, shift: number): number => DIGIT[(w >>> shift) & 15] as number;

/** `in_` and `out` as 24 hex digits: one flat string, no array, no concatenation. */
function idOfOut(): string {
  const a = out[0] as number;
  const b = out[1] as number;
  const c = out[2] as number;
  // biome-ignore format: the 24 digits, eight per word
  return String.fromCharCode(
    IN_, IN_N, IN_UNDERSCORE,
    d(a, 28), d(a, 24), d(a, 20), d(a, 16), d(a, 12), d(a, 8), d(a, 4), d(a, 0),
    d(b, 28), d(b, 24), d(b, 20), d(b, 16), d(b, 12), d(b, 8), d(b, 4), d(b, 0),
    d(c, 28), d(c, 24), d(c, 20), d(c, 16), d(c, 12), d(c, 8), d(c, 4), d(c, 0),
  );
}

const rotl = (x: number, r: number): number => (x << r) | (x >>> (32 - r));

function fmix(x: number): number {
  const a = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  const b = Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
  return b ^ (b >>> 16);
}

/** The little-endian 32-bit word of code units i and i + 1 (0 past the end). */
function word(u: Uint16Array, i: number, end: number): number {
  return (i < end ? (u[i] as number) : 0) | (i + 1 < end ? (u[i + 1] as number) << 16 : 0);
}

/** MurmurHash3_x86_128, seed 0, of the first `count` code units (UTF-16LE bytes): h1 h2 h3 into `out`. */
function hash96(count: number): void {
  const s = units;
  let h1 = 0;
  let h2 = 0;
  let h3 = 0;
  let h4 = 0;
  const blocks = count - (count % 8);
  for (let i = 0; i < blocks; i += 8) {
    let k1 = (s[i] as number) | ((s[i + 1] as number) << 16);
    let k2 = (s[i + 2] as number) | ((s[i + 3] as number) << 16);
    let k3 = (s[i + 4] as number) | ((s[i + 5] as number) << 16);
    let k4 = (s[i + 6] as number) | ((s[i + 7] as number) << 16);
    k1 = Math.imul(rotl(Math.imul(k1, C1), 15), C2);
    h1 ^= k1;
    h1 = (Math.imul(rotl(h1, 19) + h2, 5) + 0x561ccd1b) | 0;
    k2 = Math.imul(rotl(Math.imul(k2, C2), 16), C3);
    h2 ^= k2;
    h2 = (Math.imul(rotl(h2, 17) + h3, 5) + 0x0bcaa747) | 0;
    k3 = Math.imul(rotl(Math.imul(k3, C3), 17), C4);
    h3 ^= k3;
    h3 = (Math.imul(rotl(h3, 15) + h4, 5) + 0x96cd1c35) | 0;
    k4 = Math.imul(rotl(Math.imul(k4, C4), 18), C1);
    h4 ^= k4;
    h4 = (Math.imul(rotl(h4, 13) + h1, 5) + 0x32ac3b17) | 0;
  }
  const tail = count - blocks;
  if (tail > 6) h4 ^= Math.imul(rotl(Math.imul(word(s, blocks + 6, count), C4), 18), C1);
  if (tail > 4) h3 ^= Math.imul(rotl(Math.imul(word(s, blocks + 4, count), C3), 17), C4);
  if (tail > 2) h2 ^= Math.imul(rotl(Math.imul(word(s, blocks + 2, count), C2), 16), C3);
  if (tail > 0) h1 ^= Math.imul(rotl(Math.imul(word(s, blocks, count), C1), 15), C2);
  const bytes = count * 2;
  h1 ^= bytes;
  h2 ^= bytes;
  h3 ^= bytes;
  h4 ^= bytes;
  h1 = (h1 + h2 + h3 + h4) | 0;
  h2 = (h2 + h1) | 0;
  h3 = (h3 + h1) | 0;
  h4 = (h4 + h1) | 0;
  h1 = fmix(h1);
  h2 = fmix(h2);
  h3 = fmix(h3);
  h4 = fmix(h4);
  h1 = (h1 + h2 + h3 + h4) | 0;
  out[0] = h1;
  out[1] = (h2 + h1) | 0;
  out[2] = (h3 + h1) | 0;
}
