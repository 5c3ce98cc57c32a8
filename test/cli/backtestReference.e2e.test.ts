import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Metrics } from '../../backtest/metrics/backtestMetrics.ts';
import { REFERENCE_FIGURES, relativeGap } from '../backtest/referenceFigures.ts';
import { REFERENCE, type Reference, readReference, SAMPLES } from '../backtest/referenceRun.ts';

const run = promisify(execFile);
const NODE = 'node_modules/.bin/node';
const MAIN = 'src/cli/main.ts';
const TOLERANCE = 1e-9;

/**
 * The statistics that cannot meet 1e-9, each with its measured gap and why. On the EURUSD size-10
 * run the equity moves 0.2189 on 10,000,000, where one float step is 1.9e-9: perpflow's equity is
 * the venue's exact Decimal balance as the nearest float (final 9,999,999.7811), backtesting.py's
 * its broker's float sums (9,999,999.781099997, 2.5e-9 off). Every figure built on the curve's
 * moves inherits that as up to 1.2e-8 of itself. The size-1,000,000 run (the same trades, 10⁵
 * times the move) meets 1e-9 on all of them, and referenceMetrics.test.ts meets 1e-9 on this run
 * from backtesting.py's own float curve: the gap is the curve's rounding, not a formula.
 */
const EXCEPTIONS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'sma-10-30-EURUSD-1h.json': {
    'Return [%]': 2e-8, // measured 8.5e-9: ours is the exact −0.2189 as near as a float of 10 M allows
    'CAGR [%]': 2e-8, // 1.2e-8, the return's gap raised to 1 / 0.806 years
    'Sortino Ratio': 2e-8, // 1.5e-9
    'Calmar Ratio': 2e-8, // 2.5e-9
    'Alpha [%]': 2e-8, // 5.4e-9, through the return
    Beta: 2e-8, // 1.0e-9
    'Max. Drawdown [%]': 2e-8, // 2.5e-9
  },
};

const files = existsSync(REFERENCE) ? readdirSync(REFERENCE).filter((f) => f.endsWith('.json')) : [];
const dir = mkdtempSync(join(tmpdir(), 'perpflow-backtest-reference-'));

/** The run of a reference file as a config: its size, cash and commission, wide risk limits. */
function configOf(file: string, ref: Reference, symbol: string): string {
  const size = Math.abs(ref.trades[0]?.size ?? 0);
  const fee = ref.settings.commission ?? 0;
  const yaml = join(dir, file.replace(/\.json$/, '.yaml'));
  writeFileSync(
    yaml,
    `mode: backtest
risk:
  account:
    maxOpenPositions: 2
    maxNotionalPerPosition: 1000000000
    maxTotalNotional: 2000000000
    maxLeverage: 1
    maxIntentsPerMinute: 100
    dailyLossLimit: 1000000000
    maxDrawdownPct: 99
strategies:
  - id: sma-cross
    module: sma-cross
    markets: [${symbol}]
    params: { fast: 10, slow: 30, quantity: ${size}, leverage: 1, mode: reverse }
backtest:
  cash: ${ref.settings.cash}
  fees: { open: ${fee}, close: ${fee} }
  spread: 0
  slippage: 0
  fundingRate: 0
  closeAtEnd: lastOpen
`,
  );
  return yaml;
}

interface Document {
  readonly metrics: { readonly overall: Metrics };
  readonly equity: readonly { readonly time: string }[];
  readonly trades: readonly {
    readonly side: string;
    readonly quantity: number;
    readonly entryTime: string;
    readonly exitTime: string;
    readonly entryPrice: number;
    readonly exitPrice: number;
    readonly pnl: number;
    readonly fees: number;
  }[];
}

const runs = new Map<string, Promise<{ ref: Reference; doc: Document }>>();

/** `perpflow backtest CONFIG --data SYMBOL=FILE --json OUT` on a reference file's run, once per file. */
function perpflowBacktest(file: string): Promise<{ ref: Reference; doc: Document }> {
  const done = runs.get(file) ?? runOnce(file);
  runs.set(file, done);
  return done;
}

async function runOnce(file: string): Promise<{ ref: Reference; doc: Document }> {
  const ref = readReference(file);
  const symbol = ref.data.split('-')[0] ?? ref.data;
  const json = join(dir, file);
  const r = await run(NODE, [
    MAIN,
    'backtest',
    configOf(file, ref, symbol),
    '--data',
    `${symbol}=${join(SAMPLES, ref.data)}`,
    '--json',
    json,
  ]);
  expect(r.stderr).toBe('');
  return { ref, doc: JSON.parse(readFileSync(json, 'utf8')) as Document };
}

const isoTime = (t: string) => Date.parse(`${t.replace(' ', 'T')}Z`);

describe.skipIf(files.length === 0)(
  "perpflow backtest --json against backtesting.py 9c2b8e1's reference runs",
  () => {
    it.each(files)(
      '%s: every statistic in the file, to 1e-9 relative but for the named exceptions',
      async (file) => {
        const { ref, doc } = await perpflowBacktest(file);
        const m = doc.metrics.overall;
        const off: { name: string; ours: number | null; theirs: number | null; gap: number }[] = [];
        for (const [name, value] of Object.entries(ref.stats)) {
          if (name === 'Start' || name === 'End') continue;
          const figure = REFERENCE_FIGURES[name];
          expect(figure, `no perpflow figure for ${name}`).toBeDefined();
          const ours = figure?.(m) ?? null;
          const theirs = value as number | null;
          const gap = relativeGap(ours, theirs);
          if (!(gap <= (EXCEPTIONS[file]?.[name] ?? TOLERANCE))) off.push({ name, ours, theirs, gap });
        }
        expect(off).toEqual([]);
        expect(Object.keys(REFERENCE_FIGURES).filter((n) => !(n in ref.stats))).toEqual(
          'Commissions [$]' in ref.stats ? [] : ['Commissions [$]'],
        );
        // backtesting.py leaves out a commission of 0.
        if (!('Commissions [$]' in ref.stats)) expect(m.feesPaid).toBe(0);
        expect(Date.parse(doc.equity[0]?.time ?? '')).toBe(isoTime(ref.stats.Start as string));
        expect(Date.parse(doc.equity.at(-1)?.time ?? '')).toBe(isoTime(ref.stats.End as string));
      },
      60_000,
    );

    it.each(files)(
      '%s: every trade: side, size, times and prices exactly, PnL and commission to 1e-9',
      async (file) => {
        const { ref, doc } = await perpflowBacktest(file);
        const exact = (t: Document['trades'][number]) => [
          t.side === 'LONG' ? t.quantity : -t.quantity,
          Date.parse(t.entryTime),
          Date.parse(t.exitTime),
          t.entryPrice,
          t.exitPrice,
        ];
        expect(doc.trades.map(exact)).toEqual(
          ref.trades.map((t) => [
            t.size,
            isoTime(t.entry_time),
            isoTime(t.exit_time),
            t.entry_price,
            t.exit_price,
          ]),
        );
        const money = doc.trades.flatMap((t, i) => {
          const theirs = ref.trades[i];
          const pnl = relativeGap(t.pnl, theirs?.pnl ?? null);
          const fees = relativeGap(t.fees, theirs?.commission ?? 0);
          return pnl <= TOLERANCE && fees <= TOLERANCE
            ? []
            : [{ i, pnl: [t.pnl, theirs?.pnl], fees: [t.fees, theirs?.commission] }];
        });
        expect(money).toEqual([]);
      },
      60_000,
    );
  },
);
