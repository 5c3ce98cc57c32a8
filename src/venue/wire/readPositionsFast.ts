import { isRecord } from '../../domain/isRecord.ts';
import type { Decimal } from '../../domain/money.ts';
import { VENUE_STATUSES, type VenueStatus } from '../../domain/venueStatus.ts';
import type { WirePosition } from './positions.ts';
import { decimalOrUndefined, finite } from './scalars.ts';

const STATUSES: ReadonlySet<unknown> = new Set(VENUE_STATUSES);
const isStatus = (v: unknown): v is VenueStatus => STATUSES.has(v);

const text = (v: unknown): v is string => typeof v === 'string' && v !== '';

/**
 * `GET /v1/positions/all` in its common form — ids as text, counts and times as JSON numbers,
 * money as numbers or numeric strings — read without zod: it is the hottest read with many rows,
 * and zod's per-field machinery (about 7 µs for 5 rows) cost as much as their Decimals. Anything
 * else (numeric text in a count, an ISO time, a missing or malformed field) answers undefined and
 * goes to `WirePositions`, which reads the rarer forms and names the field it refuses. So this
 * accepts nothing the schema refuses and returns what the schema would (readPositionsFast.test.ts).
 */
export function readPositionsFast(payload: unknown): WirePosition[] | undefined {
  if (!Array.isArray(payload)) return undefined;
  const rows: WirePosition[] = [];
  for (const row of payload) {
    const read = readRow(row);
    if (read === undefined) return undefined;
    rows.push(read);
  }
  return rows;
}

function readRow(row: unknown): WirePosition | undefined {
  if (!isRecord(row)) return undefined;
  const r = row;
  const { id, tempId, marketId, symbol, positionType, leverage, status, createdAt, updatedAt } = r;
  if (
    !(id === null || text(id)) ||
    !(tempId === null || text(tempId)) ||
    !(finite(marketId) && Number.isInteger(marketId)) ||
    !text(symbol) ||
    !(positionType === 'LONG' || positionType === 'SHORT') ||
    !finite(leverage) ||
    !isStatus(status) ||
    !finite(createdAt) ||
    !finite(updatedAt)
  )
    return undefined;
  const quantity = decimalOrUndefined(r.quantity);
  const closedAmount = decimalOrUndefined(r.closedAmount);
  const openedPrice: Decimal | null | undefined =
    r.openedPrice === null ? null : decimalOrUndefined(r.openedPrice);
  const unrealizedPnl = decimalOrUndefined(r.unrealizedPnl);
  const margin = decimalOrUndefined(r.margin);
  const accumulatedFunding = decimalOrUndefined(r.accumulatedFunding);
  if (
    quantity === undefined ||
    closedAmount === undefined ||
    openedPrice === undefined ||
    unrealizedPnl === undefined ||
    margin === undefined ||
    accumulatedFunding === undefined
  )
    return undefined;
  return {
    id,
    tempId,
    marketId,
    symbol,
    positionType,
    quantity,
    closedAmount,
    openedPrice,
    leverage,
    status,
    unrealizedPnl,
    margin,
    accumulatedFunding,
    createdAt,
    updatedAt,
  };
}
