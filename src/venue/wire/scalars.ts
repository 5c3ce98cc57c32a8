import { z } from 'zod';
import { ADDRESS_PATTERN } from '../../domain/ids.ts';
import type { Decimal } from '../../domain/money.ts';
import { VENUE_STATUSES } from '../../domain/venueStatus.ts';
import { internDecimal } from './internDecimal.ts';

/** A JSON number that is a real value: what the zod-free readers accept for counts, prices and times. */
export const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

const NUMERIC_MESSAGE = 'expected a number or numeric string';
// The same grammar as money.ts `dec`, tested once here: this runs for every money field of every answer.
const NUMERIC = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

/**
 * A venue number, which arrives as a JSON number or a numeric string (venue-contract.md), as a
 * Decimal, parsed once; undefined when it is neither. The one conversion behind `wireDecimal`
 * and the zod-free positions reader.
 */
export function decimalOrUndefined(value: unknown): Decimal | undefined {
  // String(n) is the shortest round-tripping form, so 0.1 stays 0.1.
  if (typeof value === 'number') return Number.isFinite(value) ? internDecimal(String(value)) : undefined;
  return typeof value === 'string' && NUMERIC.test(value) ? internDecimal(value) : undefined;
}

/** Venue numbers arrive as JSON numbers or numeric strings (venue-contract.md): both → Decimal. */
export const wireDecimal = z.unknown().transform((value, ctx): Decimal => {
  const parsed = decimalOrUndefined(value);
  if (parsed !== undefined) return parsed;
  ctx.addIssue({ code: 'custom', message: NUMERIC_MESSAGE, input: value });
  return z.NEVER;
});

/** A plain number (leverage, precision, ids) sent as a number or numeric string. */
export const wireNumber = z.unknown().transform((value, ctx): number => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n === 'number' && Number.isFinite(n)) return n;
  ctx.addIssue({ code: 'custom', message: NUMERIC_MESSAGE, input: value });
  return z.NEVER;
});

export const wireInt = wireNumber.refine((n) => Number.isInteger(n), { message: 'expected a whole number' });

/** Epoch milliseconds, or an ISO-8601 text. */
export const wireTime = z.unknown().transform((value, ctx): number => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const asNumber = Number(value);
    if (value.trim() !== '' && Number.isFinite(asNumber)) return asNumber;
    const parsed = Date.parse(value);
    if (!Number.isNaN(parsed)) return parsed;
  }
  ctx.addIssue({ code: 'custom', message: 'expected epoch milliseconds or an ISO-8601 time', input: value });
  return z.NEVER;
});

/** Ids may be numbers on some deployments; perpflow keeps them as text. */
export const wireId = z.union([z.string().min(1), z.number().transform(String)]);

export const wireAddress = z.string().regex(ADDRESS_PATTERN, 'expected a 0x-prefixed 40-hex-digit address');

// Typed as text, widened by the type argument: the in-process adapter builds these rows from the
// engine's strings, and the mappers type them (venueStatusOf).
export const wireVenueStatus = z.enum<readonly string[]>(VENUE_STATUSES);

export const wirePositionSide = z.enum(['LONG', 'SHORT']);
