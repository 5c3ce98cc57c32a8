import { VenueRejectedError } from '../errors/venueErrors.ts';

/**
 * Venue codes that prove a submit was not accepted (reliability.md A13, scenario 14), wherever
 * they come from (a batch item's refusal inside a 201, a check before sending).
 */
export const DEFINITIVE_REJECT_CODES: ReadonlySet<string> = new Set([
  'VALIDATION',
  'UNKNOWN_MARKET',
  'MARKET_INVALID',
  'UNKNOWN_SOLVER',
  'MARKET_CLOSED',
  'NOTIONAL_OUT_OF_RANGE',
  'ON_CHAIN_CROSS_ONLY',
  'INSTANT_TOKEN_MISSING',
  'INVALID_STATE',
  'INVALID_TPSL',
  'NOT_FOUND',
  '4000',
  '4001',
  '4006',
  '4012',
  '4104',
  '4105',
]);

/**
 * Whether a submit's error proves the venue did not take it: a code from the list above, or any
 * HTTP 4xx whose body named the refusal (`error.code`; the client maps 401, 403, 408 and 429
 * elsewhere). Only a time-out, a 5xx or an answer without a readable code leaves the outcome unknown.
 */
export function isDefinitiveReject(e: unknown, codes: ReadonlySet<string>): e is VenueRejectedError {
  if (!(e instanceof VenueRejectedError)) return false;
  if (codes.has(e.venueCode)) return true;
  // A 4xx that says it timed out is a time-out: the order may still be placed (reliability.md 14).
  return e.status !== undefined && e.status >= 400 && e.status < 500 && !TIMED_OUT.test(e.message);
}

const TIMED_OUT = /time[ds]?[ _-]?out/i;
