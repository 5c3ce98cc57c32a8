import { z } from 'zod';
import type { Subaccount } from '../../engine/state.ts';
import { signedIn } from '../routeArgs.ts';
import { chainId, queryChainId, subaccountQuery } from '../schemas.ts';
import { balanceRow, money, subaccountRow } from '../serialize.ts';
import { route } from '../types.ts';

/** Accounts: subaccounts, balances and the isolated virtual accounts of TradFi/RWA positions. */
export const accountRoutes = [
  route({
    method: 'GET',
    path: '/v1/accounts/subaccounts',
    auth: 'jwtOrKey',
    tag: 'Accounts',
    summary: 'The wallet’s subaccounts (JWT), or those delegated to the key',
    query: z.object({ chainId: queryChainId.optional() }),
    run: ({ accounts, wallet, key, query }) => {
      const subs: readonly Subaccount[] = key
        ? accounts
            .delegationsOf(key)
            .map((d) => d.sub)
            .filter((s) => query.chainId === undefined || s.chainId === query.chainId)
        : accounts.subaccountsOf(signedIn(wallet), query.chainId);
      return subs.map(subaccountRow);
    },
  }),
  route({
    method: 'POST',
    path: '/v1/accounts/subaccounts',
    auth: 'jwt',
    tag: 'Accounts',
    summary: 'Creates another subaccount',
    status: 201,
    body: z.strictObject({ chainId, name: z.string().trim().min(1).max(64) }),
    run: ({ accounts, wallet, body }) =>
      subaccountRow(accounts.createSubaccount(signedIn(wallet), body.chainId, body.name)),
  }),
  route({
    method: 'GET',
    path: '/v1/accounts/subaccount/balance',
    auth: 'key',
    tag: 'Accounts',
    summary: 'Allocated balance, equity, available and locked margin, uPnL',
    permission: 'VIEW_DETAILS',
    query: subaccountQuery,
    run: ({ engine, accounts, query, authorize }) => {
      const sub = accounts.subaccount(query.subaccountAddress, query.chainId);
      authorize(sub, 'VIEW_DETAILS');
      return balanceRow(engine, sub);
    },
  }),
  route({
    method: 'GET',
    path: '/v1/accounts/isolated',
    auth: 'key',
    tag: 'Accounts',
    summary: 'Isolated virtual accounts (one per TradFi/RWA position)',
    permission: 'VIEW_DETAILS',
    query: subaccountQuery,
    run: ({ engine, accounts, query, authorize }) => {
      const sub = accounts.subaccount(query.subaccountAddress, query.chainId);
      authorize(sub, 'VIEW_DETAILS');
      return engine
        .positions(sub)
        .filter((q) => q.marginMode === 'isolated' && q.quoteId !== null)
        .map((q) => ({
          quoteId: q.quoteId,
          symbol: q.market.spec.symbol,
          margin: money(q.margin),
          accumulatedFunding: money(q.accumulatedFunding),
          unrealizedPnl: money(engine.unrealizedPnl(q)),
          equity: money(q.margin.minus(q.accumulatedFunding).plus(engine.unrealizedPnl(q))),
        }));
    },
  }),
];
