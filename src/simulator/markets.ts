import { MarketId, MarketSymbol } from '../domain/ids.ts';
import type { MarketSpec } from '../domain/market.ts';
import { dec } from '../domain/money.ts';
import type { MarginMode } from '../domain/side.ts';
import { VenueFacts } from '../domain/venueFacts.ts';

/** Weekly trading window of an RWA market, in UTC: open on `days` between `open` and `close` minutes. */
export interface MarketHours {
  /** 0 = Sunday … 6 = Saturday. */
  readonly days: readonly number[];
  readonly openMinute: number;
  readonly closeMinute: number;
  readonly description: string;
}

/** What the simulator knows about a market beyond the public catalog fields. */
export interface SimMarket {
  readonly spec: MarketSpec;
  readonly initialPrice: number;
  /** Annualised volatility of the GBM price walk. */
  readonly volatility: number;
  /** Half-spread the solver quotes around the mark, as a fraction. */
  readonly spread: number;
  readonly maintenanceMarginRate: number;
  readonly fundingEpochMs: number;
  /** Per epoch, as a fraction of notional; positive pays, negative receives. */
  readonly fundingRateLong: number;
  readonly fundingRateShort: number;
  readonly hours?: MarketHours;
}

export const DEFAULT_SOLVER = VenueFacts.defaultSolver;
export const RWA_SOLVER = VenueFacts.rwaSolver;
export const DEFAULT_CHAIN_ID = VenueFacts.defaultChainId;
const HOUR = 3_600_000;

interface Row {
  id: number;
  symbol: string;
  price: number;
  vol: number;
  maxLev: number;
  minNotional: number;
  maxNotional: number;
  pp: number;
  qp: number;
  mode: MarginMode;
  epochH: number;
  hours?: MarketHours;
}

const WEEKDAYS = [1, 2, 3, 4, 5] as const;
const ROWS: readonly Row[] = [
  {
    id: 1,
    symbol: 'BTCUSDT',
    price: 95_000,
    vol: 0.6,
    maxLev: 60,
    minNotional: 100,
    maxNotional: 5_000_000,
    pp: 1,
    qp: 3,
    mode: 'cross',
    epochH: 8,
  },
  {
    id: 2,
    symbol: 'ETHUSDT',
    price: 3_200,
    vol: 0.75,
    maxLev: 50,
    minNotional: 20,
    maxNotional: 2_000_000,
    pp: 2,
    qp: 3,
    mode: 'cross',
    epochH: 8,
  },
  {
    id: 3,
    symbol: 'SOLUSDT',
    price: 180,
    vol: 0.9,
    maxLev: 25,
    minNotional: 10,
    maxNotional: 1_000_000,
    pp: 3,
    qp: 1,
    mode: 'cross',
    epochH: 4,
  },
  {
    id: 4,
    symbol: 'XRPUSDT',
    price: 2.3,
    vol: 0.9,
    maxLev: 25,
    minNotional: 10,
    maxNotional: 1_000_000,
    pp: 4,
    qp: 0,
    mode: 'cross',
    epochH: 1,
  },
  {
    id: 101,
    symbol: 'XAUUSD',
    price: 2_650,
    vol: 0.15,
    maxLev: 20,
    minNotional: 50,
    maxNotional: 1_000_000,
    pp: 2,
    qp: 2,
    mode: 'isolated',
    epochH: 8,
    hours: { days: WEEKDAYS, openMinute: 0, closeMinute: 21 * 60, description: 'Mon–Fri 00:00–21:00 UTC' },
  },
  {
    id: 102,
    symbol: 'SPXUSD',
    price: 6_000,
    vol: 0.18,
    maxLev: 20,
    minNotional: 50,
    maxNotional: 1_000_000,
    pp: 1,
    qp: 2,
    mode: 'isolated',
    epochH: 8,
    hours: {
      days: WEEKDAYS,
      openMinute: 14 * 60 + 30,
      closeMinute: 21 * 60,
      description: 'Mon–Fri 14:30–21:00 UTC',
    },
  },
];

function toSimMarket(r: Row): SimMarket {
  const spec: MarketSpec = {
    id: MarketId(r.id),
    symbol: MarketSymbol(r.symbol),
    solver: r.mode === 'cross' ? DEFAULT_SOLVER : RWA_SOLVER,
    isValid: true,
    maxLeverage: r.maxLev,
    minNotional: dec(r.minNotional),
    maxNotional: dec(r.maxNotional),
    pricePrecision: r.pp,
    quantityPrecision: r.qp,
    hedgerFeeOpen: dec('0.0006'),
    hedgerFeeClose: dec('0.0006'),
    tradingFee: dec(0),
    marginMode: r.mode,
  };
  return {
    spec,
    initialPrice: r.price,
    volatility: r.vol,
    spread: 0.0002,
    maintenanceMarginRate: 1 / (2 * r.maxLev),
    fundingEpochMs: r.epochH * HOUR,
    fundingRateLong: 0.0001,
    fundingRateShort: -0.0001,
    ...(r.hours ? { hours: r.hours } : {}),
  };
}

/** The default catalog: four cross-margin crypto markets and two isolated RWA markets with hours. */
export function defaultMarkets(): readonly SimMarket[] {
  return ROWS.map(toSimMarket);
}

/** Whether an RWA market is open at `ts`; markets without hours are always open. */
export function isMarketOpen(market: SimMarket, ts: number): boolean {
  const h = market.hours;
  if (!h) return true;
  const d = new Date(ts);
  const minute = d.getUTCHours() * 60 + d.getUTCMinutes();
  return h.days.includes(d.getUTCDay()) && minute >= h.openMinute && minute < h.closeMinute;
}
