import { DecimalTable } from '../../domain/DecimalTable.ts';
import type { Decimal } from '../../domain/money.ts';

/** Enough for every money field of a few hundred positions; a bound, so odd answers cannot grow it. */
export const INTERNED_MAX = 4096;

const interned = new DecimalTable<string>(INTERNED_MAX);

/**
 * The Decimal of a numeric text that has already been checked, built once and then shared.
 * Polls repeat most of their numbers (a position's quantity, open price, margin and funding
 * stay put between polls of the positions list), and building a Decimal was the largest cost
 * of reading a poll.
 */
export function internDecimal(text: string): Decimal {
  return interned.of(text);
}

/** How many texts are interned now (tests). */
export function internedCount(): number {
  return interned.size;
}
