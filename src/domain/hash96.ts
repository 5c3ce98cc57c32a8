/**
 * A 96-bit non-cryptographic hash of (prefix, text, leg) as 24 hex digits: intent ids without a
 * sha256 call (≈ 120 ns against ≈ 410 ns an id, `npm run bench -- strategies`). Ids need only be
 * deterministic and distinct; no one forges a strategy's own signals.
 *
 * Three 32-bit lanes, each a different odd multiplier and shift, mix one word at a time; a final
 * avalanche crosses the lanes. The words are an injective encoding of the input: each string's
 * length, then its UTF-16 units two to a word (the odd last one alone), then the leg. So two
 * different inputs differ in their words, and the ids of keys that differ in one character, as
 * signals of consecutive bars do, are as far apart as any (hash96.test.ts counts repeats).
 *
 * The output of this file must never change: a journal holds the ids it made (journal/intentIdSchemeOf.ts).
 */
const M1 = 0x9e3779b1;
const M2 = 0x85ebca77;
const M3 = 0xc2b2ae3d;
const HEX = '0123456789abcdef';

/** The three lanes after some words. */
export interface Lanes {
  readonly a: number;
  readonly b: number;
  readonly c: number;
}

const START: Lanes = { a: 0x243f6a88, b: 0x85a308d3, c: 0x13198a2e };

/** The lanes after `text` (its length, then its units), from `from`: a strategy id hashed once. */
export function lanesAfter(text: string, from: Lanes = START): Lanes {
  let { a, b, c } = from;
  const n = text.length;
  a = mixA(a, n);
  b = mixB(b, n);
  c = mixC(c, n);
  for (let i = 0; i < n; i += 2) {
    const k = i + 1 < n ? text.charCodeAt(i) | (text.charCodeAt(i + 1) << 16) : text.charCodeAt(i);
    a = mixA(a, k);
    b = mixB(b, k);
    c = mixC(c, k);
  }
  return { a, b, c };
}

/** `in_` and the 24 hex digits of (the text `from` was made of, `text`, `leg`). */
export function hash96Id(from: Lanes, text: string, leg: number): string {
  // The Lanes made here do not escape: V8 keeps them in registers (measured the same ns an id as
  // the loop written out here).
  let { a, b, c } = lanesAfter(text, from);
  a = mixA(a, leg);
  b = mixB(b, leg);
  c = mixC(c, leg);
  a = (a + b + c) | 0;
  b = (b + a) | 0;
  c = (c + a) | 0;
  a = fmix(a);
  b = fmix(b);
  c = fmix(c);
  a = (a + b + c) | 0;
  b = (b + a) | 0;
  c = (c + a) | 0;
  // One flat string from 27 character codes: no digit strings to concatenate.
  // biome-ignore format: one line per lane
  return String.fromCharCode(105, 110, 95, // in_
    hx(a, 28), hx(a, 24), hx(a, 20), hx(a, 16), hx(a, 12), hx(a, 8), hx(a, 4), hx(a, 0),
    hx(b, 28), hx(b, 24), hx(b, 20), hx(b, 16), hx(b, 12), hx(b, 8), hx(b, 4), hx(b, 0),
    hx(c, 28), hx(c, 24), hx(c, 20), hx(c, 16), hx(c, 12), hx(c, 8), hx(c, 4), hx(c, 0));
}

const mixA = (h: number, k: number): number => {
  const x = Math.imul(h ^ k, M1);
  return x ^ (x >>> 15);
};
const mixB = (h: number, k: number): number => {
  const x = Math.imul(h ^ k, M2);
  return x ^ (x >>> 13);
};
const mixC = (h: number, k: number): number => {
  const x = Math.imul(h ^ k, M3);
  return x ^ (x >>> 16);
};

/** MurmurHash3's 32-bit finaliser: every input bit reaches every output bit. */
function fmix(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return x ^ (x >>> 16);
}

/** The hex digit of `x`'s four bits at `shift`, as a character code. */
const hx = (x: number, shift: number): number => HEX.charCodeAt((x >>> shift) & 15);
