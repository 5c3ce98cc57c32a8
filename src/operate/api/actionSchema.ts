import { z } from 'zod';
import type { OperatorAction } from './contract.ts';

const actionId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'actionId: 1–64 letters, digits, _ or -' });
const name = z.string().min(1).max(100);
const price = z.string().regex(/^\d+(\.\d+)?$/, { error: 'a decimal price as a string, like "51000.5"' });

/** POST /api/v1/actions: exactly the contract's OperatorAction, nothing more. */
export const actionSchema: z.ZodType<OperatorAction> = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('close'), actionId, market: name }),
  z.strictObject({ kind: z.literal('closeAll'), actionId }),
  z.strictObject({ kind: z.literal('cancel'), actionId, requestId: name }),
  z.strictObject({ kind: z.literal('pause'), actionId, strategy: name }),
  z.strictObject({ kind: z.literal('unpause'), actionId, strategy: name }),
  z.strictObject({
    kind: z.literal('setTpSl'),
    actionId,
    market: name,
    takeProfit: price.exactOptional(),
    stopLoss: price.exactOptional(),
  }),
  z.strictObject({
    kind: z.literal('halt'),
    actionId,
    closeAll: z.boolean().exactOptional(),
    reason: z.string().max(500).exactOptional(),
  }),
  z.strictObject({ kind: z.literal('resume'), actionId }),
]);
