/**
 * `npm run bench -- vsBacktestingPy` — issue 22's headline: perpflow against backtesting.py,
 * whole process, same data, strategy and fill rules, identical trades.
 *
 * Data: a seeded random walk of ROWS (default 1,000,000) 1-minute rows, written here twice: its
 * prices as pandas' to_csv writes a float series (the shortest digits that read back to the float:
 * 15–17 significant digits, as users' exported data comes), and rounded to 4 decimals. Strategy:
 * SMA 10/30 stop-and-reverse, 10 units, zero costs, fills at the next bar's open, the trade
 * still open at the end closed at the last bar's open. Ours: `node bin/perpflow.js backtest
 * CONFIG --data WALK=FILE --json out.json`. Theirs: test/bench/support/backtestingPy.py on the
 * checkout that BACKTESTING_PY_DIR names (kernc/backtesting.py at 9c2b8e1, outside this
 * repository; Debian's python3-pandas and python3-numpy; PYTHON overrides /usr/bin/python3).
 * Without it the bench says so and prints our figures alone.
 *
 * Each tool first runs once on a 2,000-row file (Node's compile cache, Python's bytecode: what
 * a user's second run finds), then RUNS times (default 1) on the big one, alternating; wall
 * time and peak RSS of the whole process come from /usr/bin/time, and the best run of each is
 * printed. The bench fails if the trades differ (count, each trade's side, times and prices, ours
 * being theirs on the venue's 8-decimal price grid: see `onGrid`) or the final equities differ by
 * more than the grid moved the fills (1e-6 on the 4-decimal walk, where the grid moves nothing).
 * Last, both run on a steady rise of the same length and digits, where nothing crosses: what a
 * run costs without trades, and so what each trade of the walk costs in each tool.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { roundTo } from '../../src/domain/money.ts';
import {
  smaReverseConfig,
  type WalkDigits,
  writeRandomWalkCsv,
  writeTrendCsv,
} from './support/randomWalkCsv.ts';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 1);
const PY_DIR = process.env.BACKTESTING_PY_DIR;
const PYTHON = process.env.PYTHON ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
const root = join(import.meta.dirname, '../..');
const pyScript = join(import.meta.dirname, 'support/backtestingPy.py');
const floorScript = join(import.meta.dirname, 'support/plainBacktest.ts');

/** One trade as both tools can state it: signed size, epoch-ms times, prices. */
interface Trades {
  readonly finalEquity: number;
  readonly size: readonly number[];
  readonly entryTime: readonly number[];
  readonly exitTime: readonly number[];
  readonly entryPrice: readonly number[];
  readonly exitPrice: readonly number[];
}

interface Run {
  readonly wallS: number;
  /** User + system CPU seconds: steadier than wall time on a shared host. */
  readonly cpuS: number;
  readonly rssMb: number;
}

/** Runs a command under /usr/bin/time: its wall time, peak RSS and output; throws on failure. */
function timed(
  what: string,
  command: string,
  args: readonly string[],
  env = process.env,
): Run & { readonly out: string } {
  const r = spawnSync('/usr/bin/time', ['-f', 'TIME %e %U %S %M', command, ...args], {
    encoding: 'utf8',
    cwd: root,
    env,
    maxBuffer: 1 << 26,
  });
  // A progress bar (backtesting.py's, through tqdm when installed) ends its line with \r, not \n.
  const line = r.stderr.match(/TIME [\d. ]+$/m)?.[0];
  if (r.status !== 0 || line === undefined) throw new Error(`${what} failed (${r.status}):\n${r.stderr}`);
  const [, wall, user, system, rssKb] = line.split(' ').map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { wallS: wall, cpuS: user + system, rssMb: rssKb / 1024, out: r.stdout };
}

function ours(config: string, csv: string, out: string): Run {
  const args = [join(root, 'bin/perpflow.js'), 'backtest', config, '--data', `WALK=${csv}`, '--json', out];
  return timed('perpflow backtest', process.execPath, args);
}

function theirs(dir: string, csv: string, out: string): Run {
  return timed('backtesting.py', PYTHON, [pyScript, csv, out], {
    ...process.env,
    BACKTESTING_PY_DIR: dir,
    PYTHONWARNINGS: 'ignore',
  });
}

/** The hand-written loop (support/plainBacktest.ts): its run and what it printed. */
function floor(csv: string): Run & { readonly trades: number; readonly finalEquity: number } {
  const run = timed('plainBacktest.ts', process.execPath, [floorScript, csv]);
  return { ...run, ...(JSON.parse(run.out) as { trades: number; finalEquity: number }) };
}

function ourTrades(file: string): Trades {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as {
    finalEquity: number;
    trades: {
      side: string;
      quantity: number;
      entryTime: string;
      exitTime: string;
      entryPrice: number;
      exitPrice: number;
    }[];
  };
  const t = doc.trades;
  return {
    finalEquity: doc.finalEquity,
    size: t.map((x) => (x.side === 'LONG' ? x.quantity : -x.quantity)),
    entryTime: t.map((x) => Date.parse(x.entryTime)),
    exitTime: t.map((x) => Date.parse(x.exitTime)),
    entryPrice: t.map((x) => x.entryPrice),
    exitPrice: t.map((x) => x.exitPrice),
  };
}

/**
 * The venue's price grid: a market the catalog does not know quotes 8 decimals (the wire's
 * money, backtestMarkets.ts), as a real venue quotes, and a MARKET fill is the mark rounded
 * against the taker onto it. backtesting.py fills at the float itself, so on data with more
 * decimals than the grid each of our prices is theirs rounded up (a buy) or down (a sell) to 8
 * places, exactly; on data within the grid (the 4-decimal walk) that is theirs unchanged.
 */
const GRID_DECIMALS = 8;
const onGrid = (price: number, buying: boolean): number =>
  roundTo(price, GRID_DECIMALS, buying ? 'up' : 'down').toNumber();

/**
 * The first difference between the two trade lists, or undefined when they agree: the same
 * trades (sides, sizes, times), each price theirs on the venue's grid, and final equities apart
 * by no more than the grid moved the fills (each fill less than one grid step, times its size;
 * 1e-6 on data within the grid).
 */
function difference(a: Trades, b: Trades): string | undefined {
  if (a.size.length !== b.size.length) return `${a.size.length} trades against ${b.size.length}`;
  for (const key of ['size', 'entryTime', 'exitTime'] as const) {
    const i = a[key].findIndex((v, k) => v !== b[key][k]);
    if (i >= 0) return `trade ${i + 1}: ${key} ${a[key][i]} against ${b[key][i]}`;
  }
  let gridSlack = 0;
  for (let k = 0; k < a.size.length; k++) {
    const long = (b.size[k] as number) > 0;
    const entry = b.entryPrice[k] as number;
    const exit = b.exitPrice[k] as number;
    if (a.entryPrice[k] !== onGrid(entry, long))
      return `trade ${k + 1}: entryPrice ${a.entryPrice[k]} against ${entry} (${onGrid(entry, long)} on the grid)`;
    if (a.exitPrice[k] !== onGrid(exit, !long))
      return `trade ${k + 1}: exitPrice ${a.exitPrice[k]} against ${exit} (${onGrid(exit, !long)} on the grid)`;
    if (onGrid(entry, long) !== entry || onGrid(exit, !long) !== exit)
      gridSlack += 2 * Math.abs(b.size[k] as number) * 10 ** -GRID_DECIMALS;
  }
  if (Math.abs(a.finalEquity - b.finalEquity) > Math.max(1e-6, gridSlack))
    return `final equity ${a.finalEquity} against ${b.finalEquity} (allowed ${Math.max(1e-6, gridSlack)})`;
  return undefined;
}

/** How many of our fill prices the grid moved off theirs (0 on data within the grid). */
function offGrid(b: Trades): number {
  let n = 0;
  for (let k = 0; k < b.size.length; k++) {
    const long = (b.size[k] as number) > 0;
    if (onGrid(b.entryPrice[k] as number, long) !== b.entryPrice[k]) n++;
    if (onGrid(b.exitPrice[k] as number, !long) !== b.exitPrice[k]) n++;
  }
  return n;
}

const best = (runs: readonly Run[]): Run => ({
  wallS: Math.min(...runs.map((r) => r.wallS)),
  cpuS: Math.min(...runs.map((r) => r.cpuS)),
  rssMb: Math.min(...runs.map((r) => r.rssMb)),
});
const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

/** A series' outcome: whether the tools agreed, and their best runs. */
interface Compared {
  readonly same: boolean;
  readonly ours: Run;
  readonly theirs: Run | undefined;
  readonly trades: number;
}

/** One series' side-by-side run: both tools RUNS times, alternating, on the same file. */
function compare(dir: string, config: string, label: string, digits: WalkDigits, havePy: boolean): Compared {
  const csv = join(dir, `WALK-${digits}.csv`);
  writeRandomWalkCsv(csv, ROWS, digits);
  const ourOut = join(dir, 'ours.json');
  const theirOut = join(dir, 'theirs.json');
  const oursRuns: Run[] = [];
  const theirRuns: Run[] = [];
  const floorRuns: ReturnType<typeof floor>[] = [];
  for (let r = 0; r < RUNS; r++) {
    oursRuns.push(ours(config, csv, ourOut));
    if (havePy) theirRuns.push(theirs(PY_DIR as string, csv, theirOut));
    floorRuns.push(floor(csv));
  }
  const f = best(floorRuns);
  const floorOut = floorRuns[0] as ReturnType<typeof floor>;
  const a = ourTrades(ourOut);
  const o = best(oursRuns);
  const rows = [
    `${label}: ${ROWS.toLocaleString('en-US')} 1-minute rows, SMA 10/30 reverse, 10 units, zero costs; best of ${RUNS}`,
    '| tool | wall time | CPU time | peak RSS | trades | final equity |',
    '|---|---|---|---|---|---|',
    `| \`perpflow backtest\` (node bin/perpflow.js) | ${fmt(o.wallS, 2)} s | ${fmt(o.cpuS, 2)} s | ${fmt(o.rssMb)} MB | ${fmt(a.size.length)} | ${fmt(a.finalEquity, 4)} |`,
    `| hand-written loop, no output (support/plainBacktest.ts) | ${fmt(f.wallS, 2)} s | ${fmt(f.cpuS, 2)} s | ${fmt(f.rssMb)} MB | ${fmt(floorOut.trades)} | ${fmt(floorOut.finalEquity, 4)} |`,
  ];
  // The floor is a yardstick only when it made the same trades.
  let same = floorOut.trades === a.size.length;
  if (!same) rows.push(`THE HAND-WRITTEN LOOP'S TRADES DIFFER: ${floorOut.trades} against ${a.size.length}`);
  const t = havePy ? best(theirRuns) : undefined;
  if (t !== undefined) {
    const b = JSON.parse(readFileSync(theirOut, 'utf8')) as Trades;
    const diff = difference(a, b);
    same &&= diff === undefined;
    rows.push(
      `| backtesting.py 9c2b8e1 | ${fmt(t.wallS, 2)} s | ${fmt(t.cpuS, 2)} s | ${fmt(t.rssMb)} MB | ${fmt(b.size.length)} | ${fmt(b.finalEquity, 4)} |`,
      '',
      `the floor: 10× backtesting.py is ${fmt(t.wallS / 10, 2)} s, ${fmt(t.wallS / 10 / f.wallS, 2)}× the hand-written loop's wall time; perpflow is ${fmt(o.wallS / f.wallS, 2)}× it (CPU ${fmt(o.cpuS / f.cpuS, 2)}×)`,
      `perpflow is ${fmt(t.wallS / o.wallS, 2)}× as fast (CPU time: ${fmt(t.cpuS / o.cpuS, 2)}×), in ${fmt(o.rssMb / t.rssMb, 2)}× the memory (goal ≥ 10× and ≤ 0.5×); ${diff === undefined ? `identical trades (sides, times, prices on the venue's ${GRID_DECIMALS}-decimal grid: ${fmt(offGrid(b))} of ${fmt(2 * b.size.length)} of their fill prices had more decimals) and final equity (${fmt(a.finalEquity - b.finalEquity, 6)} apart)` : `THE TRADES DIFFER: ${diff}`}`,
    );
  }
  if (RUNS > 1)
    rows.push(
      `all runs, perpflow: ${oursRuns.map((r) => `${fmt(r.wallS, 2)} s/${fmt(r.cpuS, 2)} s CPU/${fmt(r.rssMb)} MB`).join(', ')}${havePy ? `; backtesting.py: ${theirRuns.map((r) => `${fmt(r.wallS, 2)} s/${fmt(r.cpuS, 2)} s CPU/${fmt(r.rssMb)} MB`).join(', ')}` : ''}`,
    );
  process.stdout.write(`${rows.join('\n')}\n\n`);
  rmSync(csv, { force: true });
  return { same, ours: o, theirs: t, trades: a.size.length };
}

/**
 * What the trades cost, apart from the rest: both tools on a series of the same length and digits
 * where SMA 10/30 never crosses (no trade at all), and the walk's time less that, per trade. It
 * says whether 10× is a matter of the order path: when 10× backtesting.py's time on the walk is
 * below perpflow's time without a single trade, no order path, however fast, reaches it.
 */
function tradeCost(dir: string, config: string, walk: Compared): boolean {
  const csv = join(dir, 'TREND.csv');
  writeTrendCsv(csv, ROWS);
  const ourOut = join(dir, 'ours.json');
  const theirOut = join(dir, 'theirs.json');
  const oursRuns: Run[] = [];
  const theirRuns: Run[] = [];
  for (let r = 0; r < RUNS; r++) {
    oursRuns.push(ours(config, csv, ourOut));
    if (walk.theirs !== undefined) theirRuns.push(theirs(PY_DIR as string, csv, theirOut));
  }
  rmSync(csv, { force: true });
  const o = best(oursRuns);
  const ourTradeCount = ourTrades(ourOut).size.length;
  const rows = [
    `no trades: the same length and digits, a steady rise (SMA 10/30 never crosses); best of ${RUNS}`,
  ];
  const perTradeUs = (withTrades: number, without: number) =>
    fmt(((withTrades - without) / walk.trades) * 1e6, 1);
  const t = walk.theirs === undefined ? undefined : best(theirRuns);
  const theirTradeCount =
    t === undefined ? 0 : (JSON.parse(readFileSync(theirOut, 'utf8')) as Trades).size.length;
  if (ourTradeCount !== 0 || theirTradeCount !== 0) {
    rows.push(`THE STEADY RISE TRADED: perpflow ${ourTradeCount}, backtesting.py ${theirTradeCount} trades`);
    process.stdout.write(`${rows.join('\n')}\n\n`);
    return false;
  }
  rows.push(
    `perpflow: ${fmt(o.wallS, 2)} s wall, ${fmt(o.cpuS, 2)} s CPU, ${fmt(o.rssMb)} MB; each of the walk's ${fmt(walk.trades)} trades added ${perTradeUs(walk.ours.wallS, o.wallS)} µs wall (${perTradeUs(walk.ours.cpuS, o.cpuS)} µs CPU)`,
  );
  if (t !== undefined && walk.theirs !== undefined) {
    const budget = walk.theirs.wallS / 10;
    rows.push(
      `backtesting.py: ${fmt(t.wallS, 2)} s wall, ${fmt(t.cpuS, 2)} s CPU, ${fmt(t.rssMb)} MB (perpflow ${fmt(t.wallS / o.wallS, 2)}× as fast without trades); each trade added ${perTradeUs(walk.theirs.wallS, t.wallS)} µs wall (${perTradeUs(walk.theirs.cpuS, t.cpuS)} µs CPU)`,
      `10× backtesting.py on the walk is ${fmt(budget, 2)} s: ${budget < o.wallS ? `below perpflow's run without a single trade (${fmt(o.wallS, 2)} s), so no order path reaches it alone` : `${fmt(budget - o.wallS, 2)} s left for the trades, ${fmt(((budget - o.wallS) / walk.trades) * 1e6, 1)} µs each`}`,
    );
  }
  process.stdout.write(`${rows.join('\n')}\n\n`);
  return true;
}

const dir = mkdtempSync(join(tmpdir(), 'perpflow-vs-btpy-'));
try {
  const config = join(dir, 'sma.yaml');
  writeFileSync(config, smaReverseConfig('lastOpen'));
  const small = join(dir, 'WALK-small.csv');
  writeRandomWalkCsv(small, 2_000, 'float');
  const havePy = PY_DIR !== undefined && existsSync(join(PY_DIR, 'backtesting', 'backtesting.py'));
  if (!havePy)
    process.stdout.write(
      `backtesting.py not found (set BACKTESTING_PY_DIR to a checkout of kernc/backtesting.py at 9c2b8e1${PY_DIR === undefined ? '' : `; ${PY_DIR} has no backtesting/backtesting.py`}): perpflow's figures alone\n`,
    );
  ours(config, small, join(dir, 'ours.json'));
  if (havePy) theirs(PY_DIR as string, small, join(dir, 'theirs.json'));
  // Users' data first: prices as pandas writes a float series (15–17 significant digits).
  const series: readonly [string, WalkDigits][] = [
    ['prices with 15–17 significant digits (pandas to_csv of a float walk)', 'float'],
    ['prices with 4 decimals', 4],
  ];
  const results = series.map(([label, digits]) => compare(dir, config, label, digits, havePy));
  const pandasDigits = results[0] as Compared;
  const tradeFree = tradeCost(dir, config, pandasDigits);
  if (!results.every((r) => r.same) || !tradeFree) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
