import { z } from 'zod';
import { wireNumber } from './scalars.ts';

/** `GET /v1/pricing/mark-prices?symbols=…` → `{[symbol]: price}`; an unknown symbol may be null. */
export const WireMarkPrices = z.record(z.string(), wireNumber.nullable());
export type WireMarkPrices = z.infer<typeof WireMarkPrices>;
