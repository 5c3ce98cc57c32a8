import { configSchema, type PerpflowConfigInput } from '../src/config/schema.ts';
import { ConfigError } from '../src/errors/ConfigError.ts';
import type { LimitSetConfig } from '../src/risk/limits.ts';
import type { AnyStrategy } from '../src/strategy/defineStrategy.ts';
import type { LoadedConfig } from '../src/strategy/loadConfigWithStrategies.ts';
import { validateStrategyParams } from '../src/strategy/validateStrategyParams.ts';

export interface BacktestStrategy {
  readonly id: string;
  readonly strategy: AnyStrategy;
  readonly markets: readonly string[];
  readonly params: unknown;
  /** Tighter limits for this strategy, as `strategies[].risk` in a config. */
  readonly risk?: LimitSetConfig;
}

export interface BacktestConfigInput {
  readonly strategies: readonly BacktestStrategy[];
  /** The config's `risk` section (account limits, kill switch); none by default in a backtest. */
  readonly risk?: PerpflowConfigInput['risk'];
  /** A SQLite journal file; default: in memory. */
  readonly journal?: string;
}

/**
 * The config the backtest's kernel runs: the strategies on the data's one bar interval, the risk
 * section, and the execution settings of an in-process venue that never lags: no batching window,
 * no convergence wait (a position the venue closed is booked at once), one status read right after
 * a send where the adapter reads statuses at all (the in-process one is told).
 */
export function backtestConfig(input: BacktestConfigInput, intervalMs: number): LoadedConfig {
  if (!Number.isInteger(intervalMs / 1000) || intervalMs <= 0)
    throw new ConfigError(
      `backtest: the data's bar interval (${intervalMs} ms) is not a whole number of seconds`,
    );
  const modules = new Map<string, AnyStrategy>();
  const strategies = input.strategies.map((s) => {
    modules.set(s.id, s.strategy);
    return {
      id: s.id,
      module: s.strategy.name,
      markets: [...s.markets],
      interval: `${intervalMs / 1000}s`,
      params: validateStrategyParams(s.strategy, s.params),
      ...(s.risk === undefined ? {} : { risk: s.risk }),
    };
  });
  const parsed = configSchema.safeParse({
    mode: 'backtest',
    journal: { path: input.journal ?? ':memory:' },
    risk: input.risk ?? {},
    execution: {
      batchWindowMs: 0,
      poll: { firstDelayMs: 1, factor: 4, maxDelayMs: 60_000 },
      reconcile: { convergenceMs: 0 },
    },
    strategies,
    status: { enabled: false },
    notify: { dailySummary: false },
  } satisfies PerpflowConfigInput);
  // A caller of the library gets the config's own words, not a ZodError: where, and what.
  if (!parsed.success)
    throw new ConfigError(
      parsed.error.issues.map((i) => ({
        location: { file: '<backtest input>' },
        path: i.path
          .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
          .join('')
          .replace(/^\./, ''),
        message: i.message,
      })),
    );
  return { config: parsed.data, strategies: modules };
}
