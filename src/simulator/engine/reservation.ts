import type { Decimal } from '../../domain/money.ts';
import type { Quote } from './state.ts';

/** Relative rounding of one float add, with room for the few ulps of each reservation's own error. */
const ROUNDING = 2 ** -50;

/**
 * Counts a pending open's reservation (`needN`, made at `at`) in its subaccount's float sum.
 * The exact sum is the Decimal reservations of the pending opens, made only when a balance is
 * read or a margin check is too close to call; `reservedErr` bounds how far the float sum may
 * have drifted from it, so that the fast check knows when it cannot decide.
 */
export function reserve(q: Quote, at: Decimal, needN: number): void {
  const sub = q.subaccount;
  q.reservedAt = at;
  q.reservedN = needN;
  sub.reservedN += needN;
  sub.reservedErr += ROUNDING * (Math.abs(sub.reservedN) + Math.abs(needN));
  sub.reserving++;
}

/** Takes a pending open's reservation back; false when it held none (already settled). */
export function unreserve(q: Quote): boolean {
  if (q.reservedAt === null) return false;
  const sub = q.subaccount;
  q.reservedAt = null;
  q.cost = null;
  if (--sub.reserving === 0) {
    // Nothing reserved: the sum is exactly zero again, and so is its error.
    sub.reservedN = 0;
    sub.reservedErr = 0;
  } else {
    sub.reservedN -= q.reservedN;
    sub.reservedErr += ROUNDING * (Math.abs(sub.reservedN) + Math.abs(q.reservedN));
  }
  q.reservedN = 0;
  return true;
}
