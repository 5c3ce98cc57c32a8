import type { z } from 'zod';
import { ADDRESS_PATTERN } from '../../domain/ids.ts';
import type { createPositionBody } from './schemas.ts';

type OpenBody = z.infer<typeof createPositionBody>;

const wholePositive = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const positive = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** 1 when the optional field is absent, 2 when present and valid, 0 when present and invalid. */
function optional(v: unknown, ok: (v: unknown) => boolean): 0 | 1 | 2 {
  if (v === undefined) return 1;
  return ok(v) ? 2 : 0;
}

/**
 * The create-position body when it is plainly valid, checked by hand; undefined for anything
 * else, which then goes to the zod schema for its field-level message. Submits are the hot
 * write path, and the schema was a tenth of one. Named reads, not a loop over key names: a
 * JSON body's fields then load like any object's. A property test holds this to the schema.
 */
export function fastOpenBody(raw: unknown): OpenBody | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const b = raw as { readonly [K in keyof OpenBody]?: unknown };
  if (
    !wholePositive(b.marketId) ||
    !wholePositive(b.chainId) ||
    typeof b.subaccountAddress !== 'string' ||
    !ADDRESS_PATTERN.test(b.subaccountAddress) ||
    (b.positionType !== 'LONG' && b.positionType !== 'SHORT') ||
    (b.orderType !== 'MARKET' && b.orderType !== 'LIMIT') ||
    !positive(b.quantity) ||
    !positive(b.leverage)
  )
    return undefined;
  const slippage = optional(b.slippage, positive);
  const limitPrice = optional(b.limitPrice, positive);
  const instant = optional(b.useInstantActions, (v) => typeof v === 'boolean');
  const solver = optional(b.solver, (v) => typeof v === 'string' && v.length > 0);
  if (slippage * limitPrice * instant * solver === 0) return undefined;
  const known = 7 + slippage + limitPrice + instant + solver - 4;
  // Any other key is refused by the strict schema: let it say which.
  let keys = 0;
  for (const key in b) if (Object.hasOwn(b, key)) keys++;
  return keys === known ? (b as OpenBody) : undefined;
}
