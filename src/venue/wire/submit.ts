import { z } from 'zod';
import { wireId, wireInt } from './scalars.ts';

/** 201 to a single submit: `{tempId, status?}`. */
export const WireSubmitAck = z.object({ tempId: wireId });

const WireItemError = z.object({ code: wireId.optional(), message: z.string().optional() });

/** 201 to a batch: `{batchId, results:[{index, success, tempId?, error?}]}`. */
export const WireBatchAck = z.object({
  batchId: wireId,
  results: z.array(
    z.object({
      index: wireInt,
      success: z.boolean(),
      tempId: wireId.nullish(),
      error: WireItemError.nullish(),
    }),
  ),
});
export type WireBatchAck = z.infer<typeof WireBatchAck>;

/** Answers with nothing we need (TP/SL set, toggles): any JSON is accepted. */
export const WireAnything = z.unknown();
