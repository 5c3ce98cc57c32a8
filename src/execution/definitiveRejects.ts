/**
 * Venue codes that prove a submit was not accepted (reliability.md A13, scenario 14). Any other
 * refusal of a submit is treated as an unknown outcome and settled from the positions list.
 */
export const DEFINITIVE_REJECT_CODES: ReadonlySet<string> = new Set([
  'VALIDATION',
  'UNKNOWN_MARKET',
  'MARKET_INVALID',
  'UNKNOWN_SOLVER',
  'MARKET_CLOSED',
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
