import type { z } from 'zod';
import type { Permission } from '../../../domain/side.ts';
import type { SimEngine } from '../../engine/SimEngine.ts';
import { reject, SimRejection } from '../../engine/SimRejection.ts';
import type { Quote, Request, Subaccount } from '../../engine/state.ts';
import { describeIssues } from '../createHandler.ts';
import {
  batchCancelBody,
  batchCancelCloseBody,
  batchCloseBody,
  batchCreateBody,
  closeAllBody,
  InvalidItem,
} from '../schemas.ts';
import { cancelCloseOne, cancelOpenOne, closeOne, openOne } from '../tradeOps.ts';
import { type RouteContext, route } from '../types.ts';

interface ItemResult {
  index: number;
  success: boolean;
  tempId?: string;
  /** close-all only: the position the item closes. */
  quoteId?: string;
  error?: { code: string; message: string };
}

/**
 * Runs every item on its own: a malformed item (VALIDATION, naming `items[i]` and the field) or a
 * refusal becomes that item's `error`, the others go on. The
 * caller must hold the permission on the subaccount for the whole batch (403 otherwise).
 */
function runBatch<T>(
  ctx: RouteContext<{ chainId: number; subaccountAddress: string }, unknown>,
  permission: Permission,
  items: readonly (T | InvalidItem)[],
  one: (engine: SimEngine, sub: Subaccount, item: T) => Request,
  label?: (item: T) => Pick<ItemResult, 'quoteId'>,
) {
  const { engine, accounts, body } = ctx;
  const sub = accounts.subaccount(body.subaccountAddress, body.chainId);
  ctx.authorize(sub, permission);
  const results: ItemResult[] = items.map((item, index) => {
    if (item instanceof InvalidItem)
      return {
        index,
        success: false,
        error: { code: 'VALIDATION', message: describeIssues(`items[${index}]`, item) },
      };
    const extra = label?.(item) ?? {};
    try {
      return { index, ...extra, success: true, tempId: one(engine, sub, item).tempId };
    } catch (e) {
      if (!(e instanceof SimRejection)) throw e;
      return { index, ...extra, success: false, error: { code: e.code, message: e.message } };
    }
  });
  return { batchId: engine.nextBatchId(), results };
}

/** An OPENED position's on-chain id: set when it opened, so a missing one is an engine bug (500). */
function quoteIdOf(q: Quote): string {
  if (q.quoteId === null) throw new Error(`position ${q.tempId} is OPENED without a quoteId`);
  return q.quoteId;
}

const common = { auth: 'key', tag: 'Trade', status: 201 } as const;

export const batchRoutes = [
  route<z.infer<typeof batchCreateBody>>({
    ...common,
    method: 'POST',
    path: '/v1/trade/batch-create-positions',
    summary: 'Opens several positions; one result per item under a batchId',
    permission: 'OPEN_POSITION',
    body: batchCreateBody,
    run: (ctx) =>
      runBatch(ctx, 'OPEN_POSITION', ctx.body.items, (engine, sub, item) => {
        if (item.subaccountAddress !== undefined && item.subaccountAddress.toLowerCase() !== sub.address)
          throw reject.validation('subaccountAddress: must match the batch subaccountAddress');
        return openOne(engine, sub, item, ctx.authorize);
      }),
  }),
  route<z.infer<typeof batchCloseBody>>({
    ...common,
    method: 'POST',
    path: '/v1/trade/batch-close-positions',
    summary: 'Closes several positions; one result per item under a batchId',
    permission: 'CLOSE_POSITION',
    body: batchCloseBody,
    run: (ctx) =>
      runBatch(ctx, 'CLOSE_POSITION', ctx.body.items, (engine, sub, item) =>
        closeOne(engine, item.quoteId, sub.chainId, item, ctx.authorize, sub),
      ),
  }),
  route<z.infer<typeof batchCancelBody>>({
    ...common,
    method: 'POST',
    path: '/v1/trade/batch-cancel-quotes',
    summary: 'Cancels several pending opens',
    permission: 'CANCEL_POSITION',
    body: batchCancelBody,
    run: (ctx) =>
      runBatch(ctx, 'CANCEL_POSITION', ctx.body.items, (engine, sub, item) =>
        cancelOpenOne(engine, item.positionId, sub.chainId, ctx.authorize, sub),
      ),
  }),
  route<z.infer<typeof batchCancelCloseBody>>({
    ...common,
    method: 'POST',
    path: '/v1/trade/batch-cancel-close-requests',
    summary: 'Cancels several pending closes',
    permission: 'CANCEL_POSITION',
    body: batchCancelCloseBody,
    run: (ctx) =>
      runBatch(ctx, 'CANCEL_POSITION', ctx.body.items, (engine, sub, item) =>
        cancelCloseOne(engine, item.closeRequestId, sub.chainId, ctx.authorize, sub),
      ),
  }),
  route<z.infer<typeof closeAllBody>>({
    ...common,
    method: 'POST',
    path: '/v1/trade/close-all-positions',
    summary: 'Closes every OPENED position of the subaccount at MARKET',
    permission: 'CLOSE_POSITION',
    body: closeAllBody,
    run: (ctx) => {
      const sub = ctx.accounts.subaccount(ctx.body.subaccountAddress, ctx.body.chainId);
      const open = ctx.engine.positions(sub).filter((q) => q.status === 'OPENED');
      return runBatch(
        ctx,
        'CLOSE_POSITION',
        open,
        (engine, s, q) =>
          closeOne(
            engine,
            quoteIdOf(q),
            s.chainId,
            { quantityToClose: q.quantity.minus(q.closedAmount).toNumber(), orderType: 'MARKET' },
            ctx.authorize,
            s,
          ),
        (q) => ({ quoteId: quoteIdOf(q) }),
      );
    },
  }),
];
