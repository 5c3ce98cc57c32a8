import { isMarketOpen } from '../../markets.ts';
import { pathParam } from '../routeArgs.ts';
import { subaccountQuery } from '../schemas.ts';
import { money } from '../serialize.ts';
import { route } from '../types.ts';

/** Public information, the instant layer and RWA schedules: small, read-only, honest. */
export const miscRoutes = [
  route({
    method: 'GET',
    path: '/v1/public/account/{subaccountAddress}',
    auth: 'key',
    tag: 'Public Information',
    summary: 'What the chain shows of a subaccount: balance and open position count',
    run: ({ engine, accounts, params }) => {
      const sub = accounts.subaccounts.get(pathParam(params, 'subaccountAddress').toLowerCase());
      if (!sub) return null;
      return {
        subaccountAddress: sub.address,
        chainId: sub.chainId,
        allocatedBalance: money(sub.collateral),
        openPositions: engine.positions(sub).filter((q) => q.quoteId !== null).length,
      };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/public/funding/{symbol}',
    auth: 'key',
    tag: 'Public Information',
    summary: 'Funding schedule and rates of a symbol (data null when unknown)',
    run: ({ engine, params }) => {
      const m = engine.marketBySymbol(pathParam(params, 'symbol'));
      if (!m) return null;
      return {
        symbol: m.spec.symbol,
        nextFundingTime: engine.nextFundingTime(m),
        rateLong: String(engine.fundingRates(m).long),
        rateShort: String(engine.fundingRates(m).short),
        epochSeconds: m.fundingEpochMs / 1000,
      };
    },
  }),
  route<undefined, { subaccountAddress: string; chainId: number }>({
    method: 'GET',
    path: '/v1/instant-layer/status',
    auth: 'key',
    tag: 'Instant Layer',
    summary: 'Solvers for which the subaccount has an instant-action token',
    permission: 'VIEW_DETAILS',
    query: subaccountQuery,
    run: ({ engine, accounts, query, authorize }) => {
      const sub = accounts.subaccount(query.subaccountAddress, query.chainId);
      authorize(sub, 'VIEW_DETAILS');
      const solvers = [...new Set(engine.markets.map((m) => m.spec.solver))];
      return solvers.map((solver) => ({ solver, instantActions: sub.instantTokens.has(solver) }));
    },
  }),
  route({
    method: 'GET',
    path: '/v1/rwa/tickers',
    auth: 'key',
    tag: 'RWA',
    summary: 'Real-world-asset markets with their trading hours',
    run: ({ engine }) =>
      engine.markets
        .filter((m) => m.hours)
        .map((m) => ({
          symbol: m.spec.symbol,
          marketId: m.spec.id,
          hours: m.hours?.description,
          open: engine.isOpen(m),
        })),
  }),
  route({
    method: 'GET',
    path: '/v1/rwa/market-hours/{symbol}',
    auth: 'key',
    tag: 'RWA',
    summary: 'Whether an RWA market is open now (data null when unknown)',
    run: ({ engine, params }) => {
      const m = engine.marketBySymbol(pathParam(params, 'symbol'));
      if (!m?.hours) return null;
      return { symbol: m.spec.symbol, hours: m.hours.description, open: isMarketOpen(m, engine.clock.now()) };
    },
  }),
];
