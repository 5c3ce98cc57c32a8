import type { BacktestConfig, MarketOverride } from '../src/config/sections/backtest.ts';
import { MarketId, MarketSymbol } from '../src/domain/ids.ts';
import type { MarketSpec } from '../src/domain/market.ts';
import { dec } from '../src/domain/money.ts';
import { VenueFacts } from '../src/domain/venueFacts.ts';
import { DEFAULT_SOLVER, defaultMarkets, type SimMarket } from '../src/simulator/markets.ts';

const HOUR = 3_600_000;

/**
 * The spec of a symbol the catalog does not know: cross margin, 8 decimals on both sides (the
 * wire's limit, so any data set's prices fit), no notional bounds worth speaking of, 8-hour
 * funding epochs, the catalog's fees. Every field can be overridden in `backtest.markets`.
 */
function defaultSpec(symbol: string, id: number): SimMarket {
  const maxLeverage = 100;
  return {
    spec: {
      id: MarketId(id),
      symbol: MarketSymbol(symbol),
      solver: DEFAULT_SOLVER,
      isValid: true,
      maxLeverage,
      minNotional: dec(0),
      maxNotional: dec('1e15'),
      pricePrecision: 8,
      quantityPrecision: 8,
      hedgerFeeOpen: dec('0.0006'),
      hedgerFeeClose: dec('0.0006'),
      tradingFee: dec(0),
      marginMode: 'cross',
    },
    initialPrice: 1,
    volatility: 0,
    spread: 0,
    maintenanceMarginRate: 1 / (2 * maxLeverage),
    fundingEpochMs: 8 * HOUR,
    fundingRateLong: 0,
    fundingRateShort: 0,
  };
}

function applyOverride(m: SimMarket, o: MarketOverride | undefined, fees: BacktestConfig['fees']): SimMarket {
  const chosenFees = o?.fees ?? fees;
  // The venue charges platform + hedger fee; a total rate is reached through the hedger part.
  const hedger = (total: number) => dec(total).minus(VenueFacts.platformFeeRate);
  const spec: MarketSpec = {
    ...m.spec,
    ...(o?.pricePrecision === undefined ? {} : { pricePrecision: o.pricePrecision }),
    ...(o?.quantityPrecision === undefined ? {} : { quantityPrecision: o.quantityPrecision }),
    ...(o?.maxLeverage === undefined ? {} : { maxLeverage: o.maxLeverage }),
    ...(o?.minNotional === undefined ? {} : { minNotional: dec(o.minNotional) }),
    ...(o?.maxNotional === undefined ? {} : { maxNotional: dec(o.maxNotional) }),
    ...(chosenFees === undefined
      ? {}
      : { hedgerFeeOpen: hedger(chosenFees.open), hedgerFeeClose: hedger(chosenFees.close) }),
  };
  return {
    ...m,
    spec,
    maintenanceMarginRate: 1 / (2 * spec.maxLeverage),
    ...(o?.fundingEpochHours === undefined ? {} : { fundingEpochMs: o.fundingEpochHours * HOUR }),
  };
}

/**
 * The simulator markets of a backtest: each traded symbol from the catalog when it knows it,
 * else a default spec; then the config's overrides, fees, and spread + slippage as the solver's
 * half-spread (a MARKET fill moves against the taker by half the spread plus the slippage).
 */
export function backtestMarkets(
  symbols: readonly string[],
  config: BacktestConfig,
  initialPrices: Readonly<Record<string, number>>,
): SimMarket[] {
  const catalog = new Map(defaultMarkets().map((m) => [String(m.spec.symbol), m]));
  const halfSpread = config.spread / 2 + config.slippage;
  return symbols.map((symbol, i) => {
    const base = catalog.get(symbol) ?? defaultSpec(symbol, 1001 + i);
    const m = applyOverride(base, config.markets[symbol], config.fees);
    return { ...m, spread: halfSpread, initialPrice: initialPrices[symbol] ?? m.initialPrice };
  });
}
