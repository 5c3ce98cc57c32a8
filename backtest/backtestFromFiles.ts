import type { BacktestConfig } from '../src/config/sections/backtest.ts';
import { ConfigError } from '../src/errors/ConfigError.ts';
import type { BarColumns } from '../src/market/readBarColumns.ts';
import { loadConfigWithStrategies } from '../src/strategy/loadConfigWithStrategies.ts';
import { backtestMarkets } from './backtestMarkets.ts';
import { collectRunGarbage } from './collectRunGarbage.ts';
import { type LoadedData, readData, type SymbolFile } from './data/readData.ts';
import type { DataReading } from './data/readDataInWorker.ts';
import { declaredIndicatorWarmup, type FirstTradingBars, firstTradingBars } from './firstTradingBar.ts';
import { type BacktestMetrics, backtestMetrics } from './metrics/backtestMetrics.ts';
import { fundingSources } from './metrics/FundingSource.ts';

import {
  type BacktestInput,
  type BacktestResult,
  type BacktestStrategy,
  runBacktest,
} from './runBacktest.ts';

export interface BacktestRequest {
  readonly configFile: string;
  readonly data: readonly SymbolFile[];
  readonly funding?: readonly SymbolFile[];
  readonly from?: number;
  readonly to?: number;
  /** Replaces parts of the config's `backtest` section (sweeps, tests). */
  readonly settings?: Partial<BacktestConfig>;
  /** Replaces strategy params by strategy id, merged over the config's (sweeps). */
  readonly params?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly onProgress?: (done: number, total: number) => void;
  /** Where the run shows its curve so far (see BacktestInput.checkpoints). */
  readonly checkpoints?: BacktestInput['checkpoints'];
  /** The files of `data` and `funding`, already read (a sweep reads them once for all its runs). */
  readonly loaded?: LoadedData;
  /** The files being read on a worker thread (the CLI starts it first); read here if it failed. */
  readonly reading?: DataReading;
  /**
   * False for a run that is one of many in the same heap (a sweep's set): no collection before
   * the report (collectRunGarbage), which shrinks the heap the next set must grow again.
   */
  readonly collect?: boolean;
  /** Keep the decided intents in the result (`--drift`: what pairs its fills with live's); default off. */
  readonly keepIntents?: boolean;
}

export interface BacktestOutcome {
  readonly result: BacktestResult;
  readonly metrics: BacktestMetrics;
  readonly feeds: readonly BarColumns[];
  readonly settings: BacktestConfig;
  /** Where buy & hold starts on the curve: the bar after the strategies' indicator warm-up. */
  readonly firstTradingBars: FirstTradingBars;
  readonly strategies: readonly {
    readonly id: string;
    readonly module: string;
    readonly markets: readonly string[];
    /** The bar interval the config entry sets, if it sets one: the data's may differ. */
    readonly interval: string | undefined;
  }[];
}

/**
 * Bars walked from which a backtest collects once before its report (collectRunGarbage says why).
 * Below it the report's arrays and text are small, while a full collection still marks the whole
 * start-up heap (every loaded module): 43–46 ms of a 0.5 s 1,000-bar backtest, measured, for no
 * lower peak.
 */
export const COLLECT_FROM_BARS = 100_000;

/**
 * A backtest as `perpflow backtest` runs it: the config (its strategies, risk limits and
 * `backtest` section), bars and funding series from files, the driver, then the metrics. Every
 * input problem is a ConfigError naming the file or flag (exit 2).
 */
export async function backtestFromFiles(req: BacktestRequest): Promise<BacktestOutcome> {
  const { config, strategies } = await loadConfigWithStrategies(req.configFile).catch((e: unknown) => {
    req.reading?.stop(); // the run ends here: the process need not wait for the files
    throw e;
  });
  const settings: BacktestConfig = { ...config.backtest, ...req.settings };
  const { feeds, funding: fundingSeries } = req.loaded ?? (await req.reading?.result) ?? readData(req);
  const have = new Set<string>(feeds.map((f) => f.symbol));
  const chosen: BacktestStrategy[] = [];
  config.strategies.forEach((s, i) => {
    const strategy = strategies.get(s.id);
    if (!s.enabled || strategy === undefined) return;
    const missing = s.markets.filter((m) => !have.has(m));
    if (missing.length > 0)
      throw new ConfigError([
        {
          location: { file: req.configFile },
          path: `strategies[${i}].markets`,
          message: `${s.id} trades ${missing.join(', ')} but no --data ${missing[0]}=FILE was given (have: ${[...have].join(', ') || 'none'})`,
        },
      ]);
    chosen.push({
      id: s.id,
      strategy,
      markets: s.markets,
      params: { ...s.params, ...req.params?.[s.id] },
      ...(s.risk === undefined ? {} : { risk: s.risk }),
    });
  });
  if (chosen.length === 0)
    throw new ConfigError([
      { location: { file: req.configFile }, path: 'strategies', message: 'no enabled strategy to backtest' },
    ]);
  // Strategy ids are unique (the schema checks): the id finds the entry an error names.
  const warmed = chosen.map((c) => ({
    markets: c.markets,
    indicatorWarmup: declaredIndicatorWarmup(
      c,
      req.configFile,
      config.strategies.findIndex((s) => s.id === c.id),
    ),
  }));
  const result = await runBacktest({
    feeds,
    strategies: chosen,
    settings,
    risk: config.risk,
    ...(Object.keys(fundingSeries).length > 0 ? { fundingSeries } : {}),
    ...(req.from === undefined ? {} : { from: req.from }),
    ...(req.to === undefined ? {} : { to: req.to }),
    ...(req.onProgress === undefined ? {} : { onProgress: req.onProgress }),
    ...(req.checkpoints === undefined ? {} : { checkpoints: req.checkpoints }),
    // Nothing the CLI writes lists the decided intents; the drift report pairs by them.
    keepIntents: req.keepIntents === true,
  });
  if (req.collect !== false && result.equity.time.length >= COLLECT_FROM_BARS) collectRunGarbage();
  // With one strategy (or one market) its own curve is the account's; with several, the driver
  // keeps no curve per group and their equity figures are N/A (the trade figures are given).
  const only = ([id, ...more]: readonly string[]) =>
    id !== undefined && more.length === 0 ? { [id]: result.equity } : undefined;
  const strategyEquity = only(chosen.map((c) => c.id));
  const marketEquity = only(feeds.map((f) => f.symbol));
  const symbols: string[] = feeds.map((f) => f.symbol);
  const specs = new Map(backtestMarkets(symbols, settings, {}).map((m) => [String(m.spec.symbol), m]));
  const first = firstTradingBars(warmed, feeds, result.equity.time, req.from);
  const metrics = backtestMetrics({
    equity: result.equity,
    firstTradingBar: first.overall,
    marketFirstTradingBar: first.byMarket,
    trades: result.trades,
    intervalMs: result.intervalMs,
    markets: feeds,
    fundingSources: fundingSources(
      symbols,
      req.funding,
      settings.fundingRate,
      (s) => specs.get(s)?.fundingRateLong ?? 0,
    ),
    ...(strategyEquity === undefined ? {} : { strategyEquity }),
    ...(marketEquity === undefined ? {} : { marketEquity }),
  });
  return {
    result,
    metrics,
    feeds,
    settings,
    firstTradingBars: first,
    strategies: config.strategies
      .filter((s) => chosen.some((c) => c.id === s.id))
      .map((s) => ({
        id: s.id,
        module: s.module,
        markets: s.markets,
        interval: s.interval,
      })),
  };
}
