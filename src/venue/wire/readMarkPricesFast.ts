import { isKeyed, isRecord } from '../../domain/isRecord.ts';
import type { WireMarkPrices } from './pricing.ts';
import { finite } from './scalars.ts';

/**
 * `GET /v1/pricing/mark-prices` in its common forms — the list `[{symbol, markPrice, timestamp?}]`
 * or the map `{[symbol]: price}`, prices and times as JSON numbers — read without zod, as
 * `readPositionsFast` does for positions: a price poll runs every few seconds per symbol set.
 * Anything else (numeric text, an ISO time, junk) answers undefined and goes to `WireMarkPrices`,
 * which names what it refuses. readMarkPricesFast.test.ts holds the two to the same results.
 */
export function readMarkPricesFast(payload: unknown): WireMarkPrices | undefined {
  if (!isKeyed(payload)) return undefined;
  const rows: { symbol: string; mark: number | null; timestamp: number | undefined }[] = [];
  if (Array.isArray(payload)) {
    for (const row of payload) {
      if (!isRecord(row)) return undefined;
      const { symbol, markPrice, timestamp } = row;
      if (typeof symbol !== 'string' || symbol === '') return undefined;
      if (!(markPrice === null || finite(markPrice))) return undefined;
      if (!(timestamp === undefined || finite(timestamp))) return undefined;
      rows.push({ symbol, mark: markPrice, timestamp });
    }
    return rows;
  }
  for (const symbol of Object.keys(payload)) {
    // The schema's record never takes a __proto__ key (prototype pollution): neither does this.
    if (symbol === '__proto__') continue;
    const mark = payload[symbol];
    if (!(mark === null || finite(mark))) return undefined;
    rows.push({ symbol, mark, timestamp: undefined });
  }
  return rows;
}
