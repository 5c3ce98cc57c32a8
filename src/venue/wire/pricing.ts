import { z } from 'zod';
import { wireNumber, wireTime } from './scalars.ts';

/**
 * `GET /v1/pricing/mark-prices?symbols=…`. Two shapes are in use: the public service's map
 * `{[symbol]: price}` (an unknown symbol may be null), and the simulator's list
 * `[{symbol, markPrice, timestamp}]` (an unknown symbol is left out). Both become a list.
 */
/** The map shape carries no times; typed as the list's optional one so both shapes become one type. */
const NO_TIMESTAMP: number | undefined = undefined;
const AsMap = z
  .record(z.string(), wireNumber.nullable())
  .transform((m) => Object.entries(m).map(([symbol, mark]) => ({ symbol, mark, timestamp: NO_TIMESTAMP })));
const AsList = z
  .array(
    z.object({ symbol: z.string().min(1), markPrice: wireNumber.nullable(), timestamp: wireTime.optional() }),
  )
  .transform((rows) => rows.map((r) => ({ symbol: r.symbol, mark: r.markPrice, timestamp: r.timestamp })));

export const WireMarkPrices = z.union([AsList, AsMap]);
export type WireMarkPrices = z.infer<typeof WireMarkPrices>;
