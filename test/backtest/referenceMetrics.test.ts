import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { backtestMetrics, type Metrics } from '../../backtest/metrics/backtestMetrics.ts';
import { tradeReturn } from '../../backtest/metrics/tradeMetrics.ts';
import { REFERENCE, readReference, referenceBars, referenceEquity, referenceTrades } from './referenceRun.ts';

const DAY = 86_400_000;
const files = existsSync(REFERENCE) ? readdirSync(REFERENCE).filter((f) => f.endsWith('.json')) : [];
/** The SMA 30 is first defined on bar 29: backtesting.py's first trading bar, where its buy & hold starts. */
const WARMUP = 29;

/** backtesting.py's name → our figure in its unit (percent, days, the ratio itself). */
const FIGURES: Readonly<Record<string, (m: Metrics) => number | null>> = {
  Duration: (m) => (m.durationMs === null ? null : m.durationMs / DAY),
  'Exposure Time [%]': (m) => pct(m.exposureTime),
  'Equity Final [$]': (m) => m.finalEquity,
  'Equity Peak [$]': (m) => m.equityPeak,
  'Commissions [$]': (m) => m.feesPaid,
  'Return [%]': (m) => pct(m.totalReturn),
  'Buy & Hold Return [%]': (m) => pct(m.buyAndHoldReturn),
  'Return (Ann.) [%]': (m) => pct(m.annualReturn),
  'Volatility (Ann.) [%]': (m) => pct(m.annualVolatility),
  'CAGR [%]': (m) => pct(m.cagr),
  'Sharpe Ratio': (m) => m.sharpe,
  'Sortino Ratio': (m) => m.sortino,
  'Calmar Ratio': (m) => m.calmar,
  'Alpha [%]': (m) => pct(m.alpha),
  Beta: (m) => m.beta,
  'Max. Drawdown [%]': (m) => pct(m.maxDrawdown === null ? null : -m.maxDrawdown),
  'Avg. Drawdown [%]': (m) => pct(m.averageDrawdown === null ? null : -m.averageDrawdown),
  'Max. Drawdown Duration': (m) => days(m.maxDrawdownDurationMs),
  'Avg. Drawdown Duration': (m) => days(m.averageDrawdownDurationMs),
  '# Trades': (m) => m.trades,
  'Win Rate [%]': (m) => pct(m.winRate),
  'Best Trade [%]': (m) => pct(m.bestTrade),
  'Worst Trade [%]': (m) => pct(m.worstTrade),
  'Avg. Trade [%]': (m) => pct(m.averageTrade),
  'Max. Trade Duration': (m) => days(m.maxTradeDurationMs),
  'Avg. Trade Duration': (m) => days(m.averageTradeDurationMs),
  'Profit Factor': (m) => m.profitFactor,
  'Expectancy [%]': (m) => pct(m.expectancy),
  SQN: (m) => m.sqn,
  'Kelly Criterion': (m) => m.kellyCriterion,
};
const pct = (x: number | null) => (x === null ? null : x * 100);
const days = (x: number | null) => (x === null ? null : x / DAY);

function metricsOf(file: string) {
  const ref = readReference(file);
  const bars = referenceBars(ref);
  const m = backtestMetrics({
    equity: referenceEquity(ref, bars),
    trades: referenceTrades(ref),
    markets: [bars],
    firstTradingBar: WARMUP,
  });
  return { ref, m: m.overall };
}

describe.skipIf(files.length === 0)("backtesting.py 9c2b8e1's statistics from perpflow's metrics", () => {
  const cases = files.flatMap((file) =>
    Object.keys(readReference(file).stats)
      .filter((name) => !['Start', 'End'].includes(name))
      .map((name) => ({ file, name })),
  );
  it.each(cases)('$file: $name equals the reference to 1e-9 relative', ({ file, name }) => {
    const { ref, m } = metricsOf(file);
    const figure = FIGURES[name];
    expect(figure, `no perpflow figure for ${name}`).toBeDefined();
    const theirs = ref.stats[name] as number | null;
    const ours = figure?.(m) ?? null;
    if (theirs === null) expect(ours).toBeNull();
    else expect(Math.abs((ours as number) - theirs)).toBeLessThanOrEqual(1e-9 * Math.abs(theirs));
  });

  it.each(files)("%s: each trade's return is backtesting.py's pl_pct, net of both commissions", (file) => {
    const ref = readReference(file);
    const ours = referenceTrades(ref).map(tradeReturn);
    ref.trades.forEach((t, i) => {
      const plPct =
        Math.sign(t.size) * (t.exit_price / t.entry_price - 1) -
        (t.commission ?? 0) / (Math.abs(t.size) * t.entry_price);
      expect(Math.abs((ours[i] as number) - plPct)).toBeLessThanOrEqual(1e-9 * Math.abs(plPct));
    });
  });
});
