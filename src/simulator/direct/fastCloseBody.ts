import type { z } from 'zod';
import type { closePositionBody } from '../http/schemas.ts';

type CloseBody = z.infer<typeof closePositionBody>;

const positive = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** 1 when the optional field is absent, 2 when present and valid, 0 when present and invalid. */
function optional(v: unknown): 0 | 1 | 2 {
  if (v === undefined) return 1;
  return positive(v) ? 2 : 0;
}

/**
 * The close-position body when it is plainly valid, checked by hand, as `fastOpenBody` does for
 * opens; undefined for anything else, which then goes to the route's schema for its message.
 * Used by the direct port only, where the schema was the largest cost of a close outside the
 * engine. fastCloseBody.test.ts holds it to the schema.
 */
export function fastCloseBody(raw: unknown): CloseBody | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const b = raw as { readonly [K in keyof CloseBody]?: unknown };
  if (
    typeof b.quoteId !== 'string' ||
    b.quoteId === '' ||
    !positive(b.quantityToClose) ||
    (b.orderType !== 'MARKET' && b.orderType !== 'LIMIT') ||
    !(typeof b.chainId === 'number' && Number.isSafeInteger(b.chainId) && b.chainId > 0)
  )
    return undefined;
  const slippage = optional(b.slippage);
  const closePrice = optional(b.closePrice);
  if (slippage * closePrice === 0) return undefined;
  const known = 4 + slippage + closePrice - 2;
  let keys = 0;
  for (const key in b) if (Object.hasOwn(b, key)) keys++;
  return keys === known ? (b as CloseBody) : undefined;
}
