import type { BacktestConfig } from '../src/config/sections/backtest.ts';
import type { FundingRate } from '../src/market/readFundingRates.ts';

const HOUR = 3_600_000;

/** The typical spacing of a funding series, in whole hours: the epoch its market must have. */
function seriesEpochMs(series: readonly FundingRate[]): number | undefined {
  const gaps: number[] = [];
  let previous: FundingRate | undefined;
  for (const rate of series) {
    if (previous !== undefined) gaps.push(rate.time - previous.time);
    previous = rate;
  }
  gaps.sort((a, b) => a - b);
  const median = gaps[gaps.length >> 1];
  return median === undefined ? undefined : Math.max(1, Math.round(median / HOUR)) * HOUR;
}

/** A market with a funding series gets the series' epoch unless the config sets one. */
export function withSeriesEpochs(
  settings: BacktestConfig,
  series: Readonly<Record<string, readonly FundingRate[]>> | undefined,
): BacktestConfig {
  if (series === undefined) return settings;
  const markets = { ...settings.markets };
  for (const [symbol, rates] of Object.entries(series)) {
    const epoch = seriesEpochMs(rates);
    if (epoch === undefined || markets[symbol]?.fundingEpochHours !== undefined) continue;
    markets[symbol] = { ...markets[symbol], fundingEpochHours: epoch / HOUR };
  }
  return { ...settings, markets };
}
