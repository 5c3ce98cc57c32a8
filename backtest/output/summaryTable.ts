import type { BacktestMetrics, Metrics } from '../metrics/backtestMetrics.ts';
import { describeFunding } from '../metrics/FundingSource.ts';
import { formatMetric, type MetricUnit } from '../metrics/formatMetric.ts';
import { ANNUALISED, fromDaysMark, SHORT_PERIOD_DAYS, shortPeriodDays } from '../metrics/shortPeriod.ts';

type Row = readonly [label: string, key: keyof Metrics, unit: MetricUnit];

/** The figures of the summary, grouped as a person reads them: what it made, what it risked, how it traded. */
export const SUMMARY_GROUPS: readonly { readonly title: string; readonly rows: readonly Row[] }[] = [
  {
    title: 'Returns',
    rows: [
      ['Final equity', 'finalEquity', 'money'],
      ['Equity peak', 'equityPeak', 'money'],
      ['Total return', 'totalReturn', 'percent'],
      ['Buy & hold return', 'buyAndHoldReturn', 'percent'],
      ['Annual return', 'annualReturn', 'percent'],
      ['CAGR', 'cagr', 'percent'],
      ['Alpha', 'alpha', 'percent'],
      ['Net PnL', 'netPnl', 'money'],
      ['Fees paid', 'feesPaid', 'money'],
      ['Funding paid', 'fundingPaid', 'money'],
    ],
  },
  {
    title: 'Risk',
    rows: [
      ['Annual volatility', 'annualVolatility', 'percent'],
      ['Sharpe', 'sharpe', 'ratio'],
      ['Sortino', 'sortino', 'ratio'],
      ['Calmar', 'calmar', 'ratio'],
      ['Beta', 'beta', 'ratio'],
      ['Max drawdown', 'maxDrawdown', 'percent'],
      ['Average drawdown', 'averageDrawdown', 'percent'],
      ['Max drawdown duration', 'maxDrawdownDurationMs', 'ms'],
      ['Average drawdown duration', 'averageDrawdownDurationMs', 'ms'],
      ['Exposure time', 'exposureTime', 'percent'],
    ],
  },
  {
    title: 'Trades',
    rows: [
      ['Trades', 'trades', 'count'],
      ['Win rate', 'winRate', 'percent'],
      ['Best trade', 'bestTrade', 'percent'],
      ['Worst trade', 'worstTrade', 'percent'],
      ['Average trade', 'averageTrade', 'percent'],
      ['Expectancy', 'expectancy', 'percent'],
      ['Average PnL', 'averagePnl', 'money'],
      ['Profit factor', 'profitFactor', 'ratio'],
      ['Max trade duration', 'maxTradeDurationMs', 'ms'],
      ['Average trade duration', 'averageTradeDurationMs', 'ms'],
      ['SQN', 'sqn', 'ratio'],
      ['Kelly criterion', 'kellyCriterion', 'ratio'],
    ],
  },
];

/** Columns: overall, then each strategy, then each market (a single group repeats nothing). */
export function summaryColumns(m: BacktestMetrics): { readonly title: string; readonly metrics: Metrics }[] {
  const cols = [{ title: 'overall', metrics: m.overall }];
  const strategies = Object.entries(m.byStrategy);
  const markets = Object.entries(m.byMarket);
  if (strategies.length > 1)
    for (const [k, v] of strategies) cols.push({ title: `strategy ${k}`, metrics: v });
  if (markets.length > 1) for (const [k, v] of markets) cols.push({ title: `market ${k}`, metrics: v });
  return cols;
}

/** A figure as text; an annualised one from under 30 days of data carries "(from N days)". */
function cell(m: Metrics, key: keyof Metrics, unit: MetricUnit): string {
  const text = formatMetric(m[key], unit);
  const days = shortPeriodDays(m);
  return days !== null && ANNUALISED.some((k) => k === key) && m[key] !== null
    ? `${text} ${fromDaysMark(days)}`
    : text;
}

export interface SummaryGroupCells {
  readonly title: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/** The metrics as text cells: per group, one row per figure, one column per strategy/market group. */
export function summaryCells(m: BacktestMetrics): SummaryGroupCells[] {
  const cols = summaryColumns(m);
  return SUMMARY_GROUPS.map((g) => ({
    title: g.title,
    columns: [g.title.toLowerCase(), ...cols.map((c) => c.title)],
    rows: g.rows.map(([label, key, unit]) => [label, ...cols.map((c) => cell(c.metrics, key, unit))]),
  }));
}

/** Lines under the table: where funding came from, and why some figures are marked. */
export function summaryNotes(m: BacktestMetrics): string[] {
  const notes: string[] = [];
  if (m.fundingSources !== undefined && Object.keys(m.fundingSources).length > 0)
    notes.push(describeFunding(m.fundingSources));
  if (shortPeriodDays(m.overall) !== null)
    notes.push(
      `annualised figures marked "(from N days)" extrapolate fewer than ${SHORT_PERIOD_DAYS} days of data to a year: not headline figures`,
    );
  return notes;
}

/** A plain-text table per group with aligned columns, numbers right-aligned, then the notes. */
export function summaryTable(m: BacktestMetrics): string {
  const groups = summaryCells(m);
  const all = groups.flatMap((g) => [g.columns, ...g.rows]);
  const widths = (groups[0]?.columns ?? []).map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const blocks = groups.map((g) => [line(g.columns), rule, ...g.rows.map(line)].join('\n'));
  return `${[...blocks, ...summaryNotes(m)].join('\n\n')}\n`;
}
