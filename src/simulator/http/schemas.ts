import { z } from 'zod';
import { ADDRESS_PATTERN } from '../../domain/ids.ts';
import { PERMISSIONS } from '../../domain/side.ts';

/** Shared field schemas of the wire dialect (venue-contract.md). Bodies are strict: unknown fields are refused. */
export const address = z.string().regex(ADDRESS_PATTERN, 'must be a 0x-prefixed 40-hex-digit address');
export const chainId = z.number().int().positive();
export const queryChainId = z.coerce.number().int().positive();
export const positive = z.number().positive();
export const id = z.union([z.string().min(1), z.number().int().nonnegative()]).transform(String);
export const permission = z.enum(PERMISSIONS);
export const side = z.enum(['LONG', 'SHORT']);
export const orderType = z.enum(['MARKET', 'LIMIT']);

export const openItem = {
  marketId: z.number().int().positive(),
  subaccountAddress: address,
  positionType: side,
  orderType,
  quantity: positive,
  leverage: positive,
  slippage: positive.optional(),
  limitPrice: positive.optional(),
  useInstantActions: z.boolean().optional(),
  solver: z.string().min(1).optional(),
};
export const createPositionBody = z.strictObject({ ...openItem, chainId });

export const closeItem = {
  quoteId: id,
  quantityToClose: positive,
  orderType,
  slippage: positive.optional(),
  closePrice: positive.optional(),
};
export const closePositionBody = z.strictObject({ ...closeItem, chainId });
export const cancelQuoteBody = z.strictObject({ positionId: id, chainId });
export const cancelCloseBody = z.strictObject({ closeRequestId: id, chainId });

/** What a malformed batch item parses to: its schema's issues (see `batch`). */
export class InvalidItem {
  readonly issues: readonly z.core.$ZodIssue[];
  constructor(issues: readonly z.core.$ZodIssue[]) {
    this.issues = issues;
  }
}

/**
 * A batch envelope: its own fields and the array are checked as a whole (400), but each item on
 * its own. A malformed item parses to a marker carrying its issues (`InvalidItem`), so the batch
 * answers it a failed result and runs the others. The documented schema stays the item's.
 */
const batch = <T extends z.core.$ZodLooseShape>(item: T) =>
  z.strictObject({
    chainId,
    subaccountAddress: address,
    items: z
      .array(
        z
          .strictObject(item)
          // Widened first, so that the marker is a value the item's type admits.
          .transform((valid): typeof valid | InvalidItem => valid)
          .catch((ctx) => new InvalidItem(ctx.error.issues)),
      )
      .min(1)
      .max(50),
  });
export const batchCreateBody = batch({ ...openItem, subaccountAddress: address.optional() });
export const batchCloseBody = batch(closeItem);
export const batchCancelBody = batch({ positionId: id });
export const batchCancelCloseBody = batch({ closeRequestId: id });
export const closeAllBody = z.strictObject({ chainId, subaccountAddress: address });

export const subaccountQuery = z.object({ subaccountAddress: address, chainId: queryChainId });
export const openStatusQuery = z.object({ positionId: z.string().min(1), chainId: queryChainId });
export const closeStatusQuery = z.object({ closeRequestId: z.string().min(1), chainId: queryChainId });
