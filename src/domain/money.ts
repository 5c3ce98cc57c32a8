import { Decimal as DecimalJs } from 'decimal.js';
import { exactNumber } from './exactNumber.ts';

/**
 * The one Decimal of perpflow: 40 significant digits, half-even rounding for arithmetic
 * (unbiased over many fills). Rounding to a market's precision is explicit, see below.
 */
export const Decimal = DecimalJs.clone({
  precision: 40,
  rounding: DecimalJs.ROUND_HALF_EVEN,
  toExpNeg: -30,
  toExpPos: 40,
});
export type Decimal = InstanceType<typeof Decimal>;
export type DecimalInput = Decimal | number | string;

export const ZERO: Decimal = new Decimal(0);
export const ONE: Decimal = new Decimal(1);

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Parses a number or numeric string; anything else (NaN, Infinity, '', '1,5', 'abc') throws. */
export function dec(value: DecimalInput): Decimal {
  if (value instanceof Decimal) return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not a finite number: ${value}`);
    // String(value) gives the shortest round-tripping form, so 0.1 stays 0.1 and not 0.1000000000000000055…
    return new Decimal(String(value));
  }
  if (typeof value === 'string') {
    const s = value.trim();
    if (!NUMERIC.test(s)) throw new TypeError(`not a decimal number: ${JSON.stringify(value)}`);
    return new Decimal(s);
  }
  throw new TypeError(`not a decimal number: ${String(value)}`);
}

/**
 * The same value with a digit array of its exact length. decimal.js builds results by pushing
 * digits, so a computed Decimal keeps spare capacity (~190 bytes): copy the ones kept for long,
 * like a position's margin, of which a backtest holds millions.
 */
export function compact(value: Decimal): Decimal {
  return new Decimal(value);
}

export function isDecimalLike(value: unknown): value is DecimalInput {
  if (value instanceof Decimal) return true;
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && NUMERIC.test(value.trim());
}

export const Rounding = {
  /** Toward zero: what we send, so a rounded quantity never exceeds what was asked. */
  down: DecimalJs.ROUND_DOWN,
  up: DecimalJs.ROUND_UP,
  halfUp: DecimalJs.ROUND_HALF_UP,
  halfEven: DecimalJs.ROUND_HALF_EVEN,
  floor: DecimalJs.ROUND_FLOOR,
  ceil: DecimalJs.ROUND_CEIL,
} as const;
export type Rounding = keyof typeof Rounding;

/** Rounds to `decimals` places (a market's price or quantity precision). */
export function roundTo(value: DecimalInput, decimals: number, mode: Rounding = 'halfUp'): Decimal {
  if (!Number.isInteger(decimals) || decimals < 0)
    throw new RangeError(`precision must be a whole number ≥ 0, got ${decimals}`);
  const d = dec(value);
  // Already within the places (a quantity rounded once before, the usual case): the rounding
  // would only copy it. decimal.js's own count of places reads the last digit word.
  if (d.isFinite() && d.decimalPlaces() <= decimals) return d;
  return d.toDecimalPlaces(decimals, Rounding[mode]);
}

/** True when `value` has no more than `decimals` places. */
export function hasPrecision(value: DecimalInput, decimals: number): boolean {
  return dec(value).decimalPlaces() <= decimals;
}

/** Fixed-point text with exactly `decimals` places, never exponent notation. */
export function formatFixed(value: DecimalInput, decimals: number, mode: Rounding = 'halfUp'): string {
  return dec(value).toFixed(decimals, Rounding[mode]);
}

/** The JSON number the venue expects; the caller rounds to precision first, so the conversion is exact. */
export function toWireNumber(value: DecimalInput): number {
  return exactNumber(dec(value));
}

export function sum(values: Iterable<DecimalInput>): Decimal {
  let total = ZERO;
  for (const v of values) total = total.plus(dec(v));
  return total;
}

export function minDec(a: Decimal, b: Decimal): Decimal {
  return a.lessThan(b) ? a : b;
}

export function maxDec(a: Decimal, b: Decimal): Decimal {
  return a.greaterThan(b) ? a : b;
}
