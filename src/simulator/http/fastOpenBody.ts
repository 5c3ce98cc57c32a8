import type { z } from 'zod';
import { ADDRESS_PATTERN } from '../../domain/ids.ts';
import type { createPositionBody } from './schemas.ts';

type OpenBody = z.infer<typeof createPositionBody>;

const OPTIONAL = new Set(['slippage', 'limitPrice', 'useInstantActions', 'solver']);
const REQUIRED = [
  'marketId',
  'subaccountAddress',
  'chainId',
  'positionType',
  'orderType',
  'quantity',
  'leverage',
];

const wholePositive = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const positive = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v > 0;

function fieldOk(key: string, v: unknown): boolean {
  switch (key) {
    case 'marketId':
    case 'chainId':
      return wholePositive(v);
    case 'subaccountAddress':
      return typeof v === 'string' && ADDRESS_PATTERN.test(v);
    case 'positionType':
      return v === 'LONG' || v === 'SHORT';
    case 'orderType':
      return v === 'MARKET' || v === 'LIMIT';
    case 'quantity':
    case 'leverage':
    case 'slippage':
    case 'limitPrice':
      return positive(v);
    case 'useInstantActions':
      return typeof v === 'boolean';
    case 'solver':
      return typeof v === 'string' && v.length > 0;
    default:
      return false;
  }
}

/**
 * The create-position body when it is plainly valid, checked by hand; undefined for anything
 * else, which then goes to the zod schema for its field-level message. Submits are the hot
 * write path, and the schema was a tenth of one. A property test holds this to the schema.
 */
export function fastOpenBody(raw: unknown): OpenBody | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const body = raw as Record<string, unknown>;
  let known = 0;
  for (const key of REQUIRED) {
    if (!fieldOk(key, body[key])) return undefined;
    known++;
  }
  for (const key in body) {
    if (!Object.hasOwn(body, key)) continue;
    if (OPTIONAL.has(key)) {
      if (!fieldOk(key, body[key])) return undefined;
      known++;
    }
  }
  // Any other key is refused by the strict schema: let it say which.
  return Object.keys(body).length === known ? (body as OpenBody) : undefined;
}
