import { Decimal } from '../../domain/money.ts';

/** Enough for every money field of a few hundred positions; a bound, so odd answers cannot grow it. */
export const INTERNED_MAX = 4096;

const interned = new Map<string, Decimal>();

/**
 * The Decimal of a numeric text that has already been checked, built once and then shared.
 * Polls repeat most of their numbers (a position's quantity, open price, margin and funding
 * stay put between polls of the positions list), and building a Decimal was the largest cost
 * of reading a poll. Sharing is safe because a Decimal is never changed by its methods
 * (decimal.js README, "immutable"). When the table is full it starts over.
 */
export function internDecimal(text: string): Decimal {
  const known = interned.get(text);
  if (known !== undefined) return known;
  if (interned.size >= INTERNED_MAX) interned.clear();
  const made = new Decimal(text.trim());
  interned.set(text, made);
  return made;
}

/** How many texts are interned now (tests). */
export function internedCount(): number {
  return interned.size;
}
