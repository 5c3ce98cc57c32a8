/**
 * node test/bench/strategies.bench.ts — the strategy hot path, each figure beside a baseline
 * measured in the same run:
 *  (a) bars → indicators → sma-cross → intents through the real runner as a backtest runs it
 *      (a ColumnBarView over the columns, hooks untimed, intents checked and converted to domain
 *      intents with Decimals and ids, shared market data) over N synthetic bars, against a plain
 *      loop over a Float64Array computing the same SMA(10)/SMA(30) cross signals with running
 *      sums. Goal ≤ 5×. The walk crosses every ~25 bars, so this is mostly the intent path.
 *  (b) three strategies (sma-cross 10/30, 5/20, 20/50) fed by one bar stream through the host,
 *      against the same plain loops. Goal ≤ 12×.
 *  For reading them: the indicator floors (trading-signals' SMA, perpflow's Sma through `add` and
 *  through `step`, the per-bar form sma-cross uses), the same run
 *  with hooks timed as live runs them (two stopwatch reads per hook), a pair that crosses rarely
 *  (200/800: the bar path alone), and the cost of one intent id, with the share of each ratio the
 *  ids alone take (two per cross; hash96, a new journal's scheme, and sha256, a journal's from
 *  before schemes were named: see src/domain/intentId.ts).
 * Times are CPU time of this process (process.cpuUsage), so a host shared with other work does not
 * inflate either side; the columns are built before the timed run, as a backtest loads them first.
 * Both sides must find the same number of signals, or the bench fails.
 * N defaults to 10,000,000; BENCH_BARS overrides it.
 */

import { loadavg } from 'node:os';
import { SMA } from 'trading-signals';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { MarketSymbol, StrategyId } from '../../src/domain/ids.ts';
import { type IntentIdScheme, intentIdsOf } from '../../src/domain/intentId.ts';
import {
  type AnyStrategy,
  ColumnBarView,
  MarketData,
  Sma,
  StrategyHost,
  validateStrategyParams,
} from '../../src/strategy/index.ts';
import { testRunner } from '../../src/strategy/testRunner.ts';
import smaCross from '../../strategies/sma-cross/index.ts';

const N = Number(process.env.BENCH_BARS ?? 10_000_000);
const SYMBOL = MarketSymbol('BTCUSDT');
const MIN = 60_000;

/** A deterministic random walk (xorshift), so both sides see identical closes. */
function closes(n: number): Float64Array {
  const out = new Float64Array(n);
  let x = 0x9e3779b9;
  let p = 100;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    p *= 1 + ((x >>> 0) / 4294967296 - 0.5) * 0.004;
    out[i] = p;
  }
  return out;
}

/** The baseline: running sums over a Float64Array, strict crosses, no allocation. */
function plainSignals(c: Float64Array, fast: number, slow: number): number {
  let sf = 0;
  let ss = 0;
  let prev = Number.NaN;
  let signals = 0;
  for (let i = 0; i < c.length; i++) {
    const v = c[i] as number;
    sf += v;
    ss += v;
    if (i >= fast) sf -= c[i - fast] as number;
    if (i >= slow) ss -= c[i - slow] as number;
    if (i < slow - 1) continue;
    const diff = sf / fast - ss / slow;
    if ((prev < 0 && diff > 0) || (prev > 0 && diff < 0)) signals++;
    prev = diff;
  }
  return signals;
}

/** The closes as a backtest's columns (open = high = low = close). */
function columnsOf(c: Float64Array) {
  const time = Float64Array.from({ length: c.length }, (_, i) => i * MIN);
  return {
    symbol: SYMBOL,
    intervalMs: MIN,
    time,
    open: c,
    high: c,
    low: c,
    close: c,
    volume: new Float64Array(c.length),
  };
}

function viaHost(
  cols: ReturnType<typeof columnsOf>,
  configs: readonly { fast: number; slow: number }[],
  hookBudgetMs = Number.POSITIVE_INFINITY,
): number {
  const clock = new VirtualClock(0);
  const data = new MarketData(64);
  let opens = 0;
  const host = new StrategyHost(data, (i) => {
    if (i.kind === 'open') opens++;
  });
  configs.forEach((p, k) => {
    const r = testRunner({
      strategy: smaCross as AnyStrategy,
      id: `sma-${k}`,
      markets: [SYMBOL],
      params: validateStrategyParams(smaCross, { ...p, quantity: 1 }),
      clock,
      data,
      hookBudgetMs,
    });
    host.add(r);
  });
  // As a backtest hands them over: one view over the columns (loaded before the run), moved row by row.
  const view = new ColumnBarView(cols);
  for (let i = 0; i < cols.close.length; i++) {
    clock.advanceSync(MIN);
    view.row = i;
    host.onBar(view);
  }
  return opens;
}

/** The floor set by an indicator alone: SMA(10) and SMA(30), no strategy. */
function smaOnly(c: Float64Array, make: (n: number) => { add(x: number): number | null }): number {
  const f = make(10);
  const s = make(30);
  let prev = Number.NaN;
  let signals = 0;
  for (let i = 0; i < c.length; i++) {
    const a = f.add(c[i] as number);
    const b = s.add(c[i] as number);
    if (a === null || b === null) continue;
    const diff = a - b;
    if ((prev < 0 && diff > 0) || (prev > 0 && diff < 0)) signals++;
    prev = diff;
  }
  return signals;
}

/** The same floor through `Sma.step` (NaN before ready, no null), which sma-cross uses. */
function stepOnly(c: Float64Array): number {
  const f = new Sma(10);
  const s = new Sma(30);
  let prev = Number.NaN;
  let signals = 0;
  for (let i = 0; i < c.length; i++) {
    const diff = f.step(c[i] ?? Number.NaN) - s.step(c[i] ?? Number.NaN);
    if ((prev < 0 && diff > 0) || (prev > 0 && diff < 0)) signals++;
    prev = diff;
  }
  return signals;
}

/** CPU time of this process (user + system), not wall time: the host is shared, a waiting process is not working. */
function time<T>(f: () => T): { ms: number; value: T } {
  const t0 = process.cpuUsage();
  const value = f();
  const t = process.cpuUsage(t0);
  return { ms: (t.user + t.system) / 1000, value };
}

const c = closes(N);
const cols = columnsOf(c);
const warm = columnsOf(c.subarray(0, 200_000));
const rows: string[] = [];
function row(
  name: string,
  goal: number | undefined,
  base: { ms: number; value: number },
  ours: { ms: number; value: number },
) {
  if (base.value !== ours.value)
    throw new Error(`${name}: baseline found ${base.value} signals, perpflow ${ours.value}`);
  const ratio = ours.ms / base.ms;
  rows.push(
    `${name.padEnd(42)}${base.ms.toFixed(0).padStart(10)}${ours.ms.toFixed(0).padStart(12)}${ratio.toFixed(1).padStart(8)}×${(goal === undefined ? '—' : `≤ ${goal}×`).padStart(8)}${String(ours.value).padStart(10)}${(((ours.ms * 1e6) / N) | 0).toString().padStart(10)}`,
  );
}

const one = [{ fast: 10, slow: 30 }];
const three = [
  { fast: 10, slow: 30 },
  { fast: 5, slow: 20 },
  { fast: 20, slow: 50 },
];
// Warm both paths on a slice so the JIT has seen them before the timed runs.
plainSignals(c.subarray(0, 200_000), 10, 30);
viaHost(warm, three);

const base1 = time(() => plainSignals(c, 10, 30));
const ours1 = time(() => viaHost(cols, one));
row('sma-cross, 1 strategy', 5, base1, ours1);
const base3 = time(() => plainSignals(c, 10, 30) + plainSignals(c, 5, 20) + plainSignals(c, 20, 50));
const ours3 = time(() => viaHost(cols, three));
row('sma-cross ×3 on one bar stream', 12, base3, ours3);
row(
  '(floor) trading-signals SMA10+SMA30 only',
  undefined,
  base1,
  time(() => smaOnly(c, (n) => new SMA(n))),
);
row(
  '(floor) perpflow Sma10+Sma30 only',
  undefined,
  base1,
  time(() => smaOnly(c, (n) => new Sma(n))),
);
row(
  '(floor) perpflow Sma.step, as sma-cross',
  undefined,
  base1,
  time(() => stepOnly(c)),
);
row(
  'sma-cross, 1 strategy, hooks timed (live)',
  undefined,
  base1,
  time(() => viaHost(cols, one, 1_000)),
);
const rare = [{ fast: 200, slow: 800 }];
row(
  'sma-cross 200/800 (rare crossings)',
  undefined,
  time(() => plainSignals(c, 200, 800)),
  time(() => viaHost(cols, rare)),
);

// One intent id, as the runner takes it, in each scheme (a journal keeps the one it was made with).
const IDS = Math.max(100_000, N / 20);
const S = StrategyId('sma-cross');
const signals = Array.from({ length: 4096 }, (_, i) => `BTCUSDT:${1_700_000_000_000 + i * 60_000}:LONG`);
const idCost = (scheme: IntentIdScheme) => {
  const ids = intentIdsOf(S, scheme);
  const run = () => {
    let n = 0;
    for (let i = 0; i < IDS; i++) n += ids(signals[i & 4095] as string, 0).length;
    return n;
  };
  run();
  return (time(run).ms * 1e6) / IDS;
};
const idNs = idCost('hash96');
const shaNs = idCost('sha256');

process.stdout.write(
  `${N.toLocaleString('en')} synthetic 1m bars; CPU ms of this process; load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}\n`,
);
process.stdout.write(
  `${'path'.padEnd(42)}${'plain ms'.padStart(10)}${'perpflow ms'.padStart(12)}${'ratio'.padStart(9)}${'goal'.padStart(8)}${'opens'.padStart(10)}${'ns/bar'.padStart(10)}\n`,
);
for (const r of rows) process.stdout.write(`${r}\n`);
process.stdout.write(
  `one intent id: hash96 ${idNs.toFixed(0)} ns, sha256 ${shaNs.toFixed(0)} ns, over ${IDS.toLocaleString('en')} ids\n`,
);
// The part of each ratio no runner change can remove: a reversing cross takes two ids (exit, entry).
const idsAlone = (opens: number, plainMs: number) =>
  `${((2 * opens * idNs) / 1e6).toFixed(0)} ms = ${((2 * opens * idNs) / 1e6 / plainMs).toFixed(1)}×`;
process.stdout.write(
  `the hash96 ids alone, two per cross: 1 strategy ${idsAlone(ours1.value, base1.ms)}, 3 strategies ${idsAlone(ours3.value, base3.ms)} of the plain loops\n`,
);
