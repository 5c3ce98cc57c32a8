import type { z } from 'zod';
import { fastOpenBody } from '../fastOpenBody.ts';
import { cancelCloseBody, cancelQuoteBody, closePositionBody, createPositionBody } from '../schemas.ts';
import { cancelCloseOne, cancelOpenOne, closeOne, openOne } from '../tradeOps.ts';
import { route } from '../types.ts';

/** The four single submits: 201 with a tempId at once; the outcome comes from the status polls. */
export const tradeRoutes = [
  route<z.infer<typeof createPositionBody>>({
    method: 'POST',
    path: '/v1/trade/create-position',
    auth: 'key',
    tag: 'Trade',
    summary: 'Opens a position (MARKET or LIMIT)',
    permission: 'OPEN_POSITION',
    status: 201,
    body: createPositionBody,
    fastBody: fastOpenBody,
    run: ({ engine, accounts, body, authorize }) => {
      const sub = accounts.subaccount(body.subaccountAddress, body.chainId);
      const r = openOne(engine, sub, body, authorize);
      return { tempId: r.tempId, status: r.status };
    },
  }),
  route<z.infer<typeof closePositionBody>>({
    method: 'POST',
    path: '/v1/trade/close-position',
    auth: 'key',
    tag: 'Trade',
    summary: 'Closes all or part of an open position',
    permission: 'CLOSE_POSITION',
    status: 201,
    body: closePositionBody,
    run: ({ engine, body, authorize }) => {
      const r = closeOne(engine, body.quoteId, body.chainId, body, authorize);
      return { tempId: r.tempId, status: r.status };
    },
  }),
  route<z.infer<typeof cancelQuoteBody>>({
    method: 'POST',
    path: '/v1/trade/cancel-quote',
    auth: 'key',
    tag: 'Trade',
    summary: 'Cancels a pending open (by its tempId or quoteId)',
    permission: 'CANCEL_POSITION',
    status: 201,
    body: cancelQuoteBody,
    run: ({ engine, body, authorize }) => {
      const r = cancelOpenOne(engine, body.positionId, body.chainId, authorize);
      return { tempId: r.tempId, status: r.status };
    },
  }),
  route<z.infer<typeof cancelCloseBody>>({
    method: 'POST',
    path: '/v1/trade/cancel-close-request',
    auth: 'key',
    tag: 'Trade',
    summary: 'Cancels a pending close request',
    permission: 'CANCEL_POSITION',
    status: 201,
    body: cancelCloseBody,
    run: ({ engine, body, authorize }) => {
      const r = cancelCloseOne(engine, body.closeRequestId, body.chainId, authorize);
      return { tempId: r.tempId, status: r.status };
    },
  }),
];
