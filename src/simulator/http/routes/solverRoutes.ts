import { z } from 'zod';
import { formatFixed } from '../../../domain/money.ts';
import type { SimEngine } from '../../engine/SimEngine.ts';
import { reject } from '../../engine/SimRejection.ts';
import { queryChainId } from '../schemas.ts';
import { route } from '../types.ts';

const solverQuery = z.object({ solver: z.string().min(1), chainId: queryChainId });

function marketsOf(engine: SimEngine, solver: string, chainId: number) {
  if (chainId !== engine.chainId) return [];
  const ms = engine.markets.filter((m) => m.spec.solver === solver);
  if (ms.length === 0) throw reject.notFound(`no solver named ${solver}`);
  return ms;
}

/** Per-solver liquidity, caps and funding (the public snake_case funding shape). */
export const solverRoutes = [
  route<undefined, { solver: string; chainId: number }>({
    method: 'GET',
    path: '/v1/solvers/funding-info',
    auth: 'key',
    tag: 'Solvers',
    summary: 'Next funding time and long/short rates per symbol',
    query: solverQuery,
    run: ({ engine, query }) =>
      Object.fromEntries(
        marketsOf(engine, query.solver, query.chainId).map((m) => [
          m.spec.symbol,
          {
            next_funding_time: engine.nextFundingTime(m),
            next_funding_rate_long: String(engine.fundingRates(m).long),
            next_funding_rate_short: String(engine.fundingRates(m).short),
            funding_rate_epoch_duration: m.fundingEpochMs / 1000,
          },
        ]),
      ),
  }),
  route<undefined, { solver: string; chainId: number }>({
    method: 'GET',
    path: '/v1/solvers/notional-cap',
    auth: 'key',
    tag: 'Solvers',
    summary: 'Notional cap per symbol',
    query: solverQuery,
    run: ({ engine, query }) =>
      Object.fromEntries(
        marketsOf(engine, query.solver, query.chainId).map((m) => [
          m.spec.symbol,
          { total_cap: m.spec.maxNotional.times(100).toFixed(), used: '0' },
        ]),
      ),
  }),
  route<undefined, { solver: string; chainId: number }>({
    method: 'GET',
    path: '/v1/solvers/open-interest',
    auth: 'key',
    tag: 'Solvers',
    summary: 'Open interest per symbol',
    query: solverQuery,
    run: ({ engine, query }) =>
      Object.fromEntries(
        marketsOf(engine, query.solver, query.chainId).map((m) => [m.spec.symbol, { long: '0', short: '0' }]),
      ),
  }),
  route<undefined, { solver: string; chainId: number }>({
    method: 'GET',
    path: '/v1/solvers/locked-parameters',
    auth: 'key',
    tag: 'Solvers',
    summary: 'Margin parameters per symbol',
    query: solverQuery,
    run: ({ engine, query }) =>
      Object.fromEntries(
        marketsOf(engine, query.solver, query.chainId).map((m) => [
          m.spec.symbol,
          { maxLeverage: m.spec.maxLeverage, maintenanceMarginRate: String(m.maintenanceMarginRate) },
        ]),
      ),
  }),
  route<undefined, { solver: string; chainId: number }>({
    method: 'GET',
    path: '/v1/solvers/price-range',
    auth: 'key',
    tag: 'Solvers',
    summary: 'Prices the solver quotes around the mark',
    query: solverQuery,
    run: ({ engine, query }) =>
      Object.fromEntries(
        marketsOf(engine, query.solver, query.chainId).map((m) => {
          const mark = engine.mark(m.spec.symbol)?.mark ?? m.initialPrice;
          const pp = m.spec.pricePrecision;
          return [
            m.spec.symbol,
            {
              min_price: formatFixed(mark * (1 - m.spread), pp),
              max_price: formatFixed(mark * (1 + m.spread), pp),
            },
          ];
        }),
      ),
  }),
];
