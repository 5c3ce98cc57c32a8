import { z } from 'zod';
import { formatFixed } from '../../../domain/money.ts';
import type { SimEngine } from '../../engine/SimEngine.ts';
import type { SimMarket } from '../../markets.ts';
import { pathParam } from '../routeArgs.ts';
import { route } from '../types.ts';

export function marketRow(m: SimMarket) {
  const s = m.spec;
  return {
    id: s.id,
    symbol: s.symbol,
    isValid: s.isValid,
    maxLeverage: s.maxLeverage,
    minNotionalValue: s.minNotional.toFixed(),
    maxNotionalValue: s.maxNotional.toFixed(),
    pricePrecision: s.pricePrecision,
    quantityPrecision: s.quantityPrecision,
    hedgerFeeOpen: s.hedgerFeeOpen.toFixed(),
    hedgerFeeClose: s.hedgerFeeClose.toFixed(),
    tradingFee: s.tradingFee.toFixed(),
    marginMode: s.marginMode,
  };
}

// Formatting through Decimal is most of a price read; a price changes far less often than it is read.
type TextCache = WeakMap<SimMarket, { readonly value: number; readonly text: string }>;
const markTexts: TextCache = new WeakMap();
const lastTexts: TextCache = new WeakMap();

function priceText(cache: TextCache, m: SimMarket, value: number): string {
  const hit = cache.get(m);
  if (hit?.value === value) return hit.text;
  const text = formatFixed(value, m.spec.pricePrecision);
  cache.set(m, { value, text });
  return text;
}

function priceOf(engine: SimEngine, symbol: string, which: 'mark' | 'last') {
  const m = engine.marketBySymbol(symbol);
  const p = engine.mark(symbol);
  if (!m || !p) return null; // the contract: unknown symbol on a read is 200 with data null
  const value = which === 'mark' ? priceText(markTexts, m, p.mark) : priceText(lastTexts, m, p.last);
  return which === 'mark'
    ? { symbol, markPrice: value, timestamp: p.ts }
    : { symbol, lastPrice: value, timestamp: p.ts };
}

const symbols = z.object({ symbols: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]) });

/** Markets catalog, pricing and solver information. Any valid API key may read them. */
export const marketRoutes = [
  route<undefined, undefined>({
    method: 'GET',
    path: '/v1/markets/aggregated/{chainId}',
    auth: 'key',
    tag: 'Markets',
    summary: 'Markets per solver on a chain',
    run: ({ engine, params }) => {
      if (Number(params.chainId) !== engine.chainId) return {};
      const out: Record<string, { markets: Record<string, ReturnType<typeof marketRow>> }> = {};
      for (const m of engine.markets) {
        const bucket = out[m.spec.solver] ?? { markets: {} };
        out[m.spec.solver] = bucket;
        bucket.markets[m.spec.symbol] = marketRow(m);
      }
      return out;
    },
  }),
  route({
    method: 'GET',
    path: '/v1/pricing/mark-price/{symbol}',
    auth: 'key',
    tag: 'Pricing',
    summary: 'Mark price of a symbol (data null when unknown)',
    run: ({ engine, params }) => priceOf(engine, pathParam(params, 'symbol'), 'mark'),
  }),
  route({
    method: 'GET',
    path: '/v1/pricing/last-price/{symbol}',
    auth: 'key',
    tag: 'Pricing',
    summary: 'Last traded price of a symbol (data null when unknown)',
    run: ({ engine, params }) => priceOf(engine, pathParam(params, 'symbol'), 'last'),
  }),
  route<undefined, { symbols: string | string[] }>({
    method: 'GET',
    path: '/v1/pricing/mark-prices',
    auth: 'key',
    tag: 'Pricing',
    summary: 'Mark prices of several symbols (?symbols=A&symbols=B); unknown symbols are left out',
    query: symbols,
    run: ({ engine, query }) => {
      const list = typeof query.symbols === 'string' ? [query.symbols] : query.symbols;
      return list.map((s) => priceOf(engine, s, 'mark')).filter((x) => x !== null);
    },
  }),
];
