import { z } from 'zod';
import { reject } from '../../engine/SimRejection.ts';
import { chainId, id } from '../schemas.ts';
import { money } from '../serialize.ts';
import { route } from '../types.ts';

const price = z.number().positive().nullable().optional();

/** TP/SL: set (CLOSE_POSITION), list (VIEW_DETAILS), cancel (CLOSE_POSITION). */
export const tpslRoutes = [
  route<{
    quoteId: string;
    chainId: number;
    takeProfit?: number | null | undefined;
    stopLoss?: number | null | undefined;
  }>({
    method: 'POST',
    path: '/v1/tpsl/set',
    auth: 'key',
    tag: 'TP/SL',
    summary: 'Sets take-profit and/or stop-loss on an open position (null clears one)',
    permission: 'CLOSE_POSITION',
    body: z
      .strictObject({ quoteId: id, chainId, takeProfit: price, stopLoss: price })
      .refine((b) => b.takeProfit !== undefined || b.stopLoss !== undefined, {
        message: 'one of takeProfit or stopLoss is required',
        path: ['takeProfit'],
      }),
    run: ({ engine, body, authorize }) => {
      const q = engine.quote(body.quoteId);
      if (!q || q.quoteId !== body.quoteId || q.subaccount.chainId !== body.chainId)
        throw reject.notFound(`no open position with quoteId ${body.quoteId}`);
      authorize(q.subaccount, 'CLOSE_POSITION');
      engine.setTpSl(q, body.takeProfit, body.stopLoss);
      return {
        quoteId: q.quoteId,
        takeProfit: q.takeProfit?.toFixed() ?? null,
        stopLoss: q.stopLoss?.toFixed() ?? null,
      };
    },
  }),
  route<{ quoteId: string; chainId: number }>({
    method: 'POST',
    path: '/v1/tpsl/cancel',
    auth: 'key',
    tag: 'TP/SL',
    summary: 'Removes take-profit and stop-loss from a position',
    permission: 'CLOSE_POSITION',
    body: z.strictObject({ quoteId: id, chainId }),
    run: ({ engine, body, authorize }) => {
      const q = engine.quote(body.quoteId);
      if (!q || q.quoteId !== body.quoteId || q.subaccount.chainId !== body.chainId)
        throw reject.notFound(`no open position with quoteId ${body.quoteId}`);
      authorize(q.subaccount, 'CLOSE_POSITION');
      engine.setTpSl(q, null, null);
      return { quoteId: q.quoteId, takeProfit: null, stopLoss: null };
    },
  }),
  route<{ chainId: number; quoteIds: string[] }>({
    method: 'POST',
    path: '/v1/tpsl/list',
    auth: 'key',
    tag: 'TP/SL',
    summary: 'TP/SL of the given positions',
    permission: 'VIEW_DETAILS',
    body: z.strictObject({ chainId, quoteIds: z.array(id).min(1).max(100) }),
    run: ({ engine, body, authorize }) =>
      body.quoteIds.flatMap((qid) => {
        const q = engine.quote(qid);
        if (!q || q.quoteId !== qid || q.subaccount.chainId !== body.chainId) return [];
        authorize(q.subaccount, 'VIEW_DETAILS');
        return [
          {
            quoteId: qid,
            status: q.status,
            takeProfit: q.takeProfit?.toFixed() ?? null,
            stopLoss: q.stopLoss?.toFixed() ?? null,
            // Its status (close-request/status) is the close's fill: price and quantity.
            closeRequestId: q.tpslClose,
            // The positions list drops a closed position: its last funding is read here.
            accumulatedFunding: money(q.accumulatedFunding),
          },
        ];
      }),
  }),
];
