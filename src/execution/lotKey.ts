import type { Fill } from '../domain/fill.ts';
import type { Brand, QuoteId } from '../domain/ids.ts';

/**
 * Which ledger lot a fill belongs to: the venue's quote once known, else our request. Made only
 * by the two constructors below, so no caller parses a `q:` prefix back out of it: a lot carries
 * its quote id as a field.
 */
export type LotKey = Brand<string, 'LotKey'>;

export const quoteLotKey = (quoteId: QuoteId | string): LotKey => `q:${quoteId}` as LotKey;
export const requestLotKey = (clientRequestId: string | null): LotKey =>
  `r:${clientRequestId ?? 'none'}` as LotKey;

/** The key a fill belongs to: the venue's quote id when known, else our request id. */
export function lotKeyOf(fill: Pick<Fill, 'quoteId' | 'clientRequestId'>): LotKey {
  return fill.quoteId !== null ? quoteLotKey(fill.quoteId) : requestLotKey(fill.clientRequestId);
}
