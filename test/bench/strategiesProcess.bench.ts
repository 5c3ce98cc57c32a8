/**
 * node test/bench/strategiesProcess.bench.ts — issue 23's end-to-end figure, each side a whole
 * fresh Node process timed from start to exit by /usr/bin/time:
 *  - `perpflow backtest` of three sma-cross instances (200/800, 300/1000, 500/2000, reverse,
 *    zero costs) on one ROWS-row (default 1,000,000) seeded random-walk CSV of 1-minute bars,
 *    CSV load and `--json` included;
 *  - a plain Node program (support/plainCrossings.ts) that reads the same CSV and counts the same
 *    three crossovers.
 * Goal ≤ 3×, printed on wall and on CPU time (user + system: the host may be shared). The trade count must equal the crossing count: in reverse mode every crossing opens
 * one position, and each is closed by the next crossing or at the end.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeRandomWalkCsv } from './support/randomWalkCsv.ts';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const PAIRS = [
  [200, 800],
  [300, 1000],
  [500, 2000],
] as const;
const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'perpflow-bench-'));

/** Runs a Node process under /usr/bin/time: its stdout, wall and CPU (user + system) seconds, peak RSS in MB. */
function timed(args: readonly string[]): { out: string; wallS: number; cpuS: number; rssMb: number } {
  const run = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', process.execPath, ...args], {
    encoding: 'utf8',
    cwd: root,
  });
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed (${run.status}):\n${run.stderr}`);
  const [wallS = Number.NaN, user = Number.NaN, sys = Number.NaN, rssKb = Number.NaN] = (
    run.stderr.trim().split('\n').at(-1) ?? ''
  )
    .split(' ')
    .map(Number);
  return { out: run.stdout, wallS, cpuS: user + sys, rssMb: rssKb / 1024 };
}

const csv = join(dir, 'WALK-1m.csv');
writeRandomWalkCsv(csv, ROWS); // the same seeded walk as backtestProcess and vsBacktestingPy
const config = join(dir, 'three.yaml');
writeFileSync(
  config,
  `mode: backtest
risk:
  account: { maxOpenPositions: 10, maxNotionalPerPosition: 1000000, maxTotalNotional: 10000000, maxLeverage: 1, maxIntentsPerMinute: 1000, dailyLossLimit: 1000000, maxDrawdownPct: 99 }
strategies:
${PAIRS.map(
  ([fast, slow]) => `  - id: sma-${fast}-${slow}
    module: sma-cross
    markets: [WALK]
    params: { fast: ${fast}, slow: ${slow}, quantity: 10, leverage: 1, mode: reverse }
`,
).join(
  '',
)}backtest: { cash: 100000000, fees: { open: 0, close: 0 }, spread: 0, slippage: 0, fundingRate: 0, closeAtEnd: lastClose }
`,
);
const json = join(dir, 'out.json');

const plain = timed([
  join(root, 'test/bench/support/plainCrossings.ts'),
  csv,
  ...PAIRS.map(([f, s]) => `${f}/${s}`),
]);
const ours = timed([
  join(root, 'src/cli/main.ts'),
  'backtest',
  config,
  '--data',
  `WALK=${csv}`,
  '--json',
  json,
]);
const crossings = (JSON.parse(plain.out) as { counts: { crossings: number }[] }).counts.reduce(
  (sum, c) => sum + c.crossings,
  0,
);
const trades = (JSON.parse(readFileSync(json, 'utf8')) as { trades: unknown[] }).trades.length;
rmSync(dir, { recursive: true, force: true });

const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
process.stdout.write(
  [
    `${fmt(ROWS)} one-minute bars, three sma-cross (${PAIRS.map(([f, s]) => `${f}/${s}`).join(', ')}), whole processes`,
    `| what | wall | CPU | peak RSS | count |`,
    '|---|---|---|---|---|',
    `| perpflow backtest --json | ${fmt(ours.wallS, 2)} s | ${fmt(ours.cpuS, 2)} s | ${fmt(ours.rssMb)} MB | ${fmt(trades)} trades |`,
    `| plain Node: read the CSV, count the crossings | ${fmt(plain.wallS, 2)} s | ${fmt(plain.cpuS, 2)} s | ${fmt(plain.rssMb)} MB | ${fmt(crossings)} crossings |`,
    `ratio ${fmt(ours.wallS / plain.wallS, 1)}× wall, ${fmt(ours.cpuS / plain.cpuS, 1)}× CPU (goal ≤ 3×; load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}); trades ${trades === crossings ? '=' : '≠'} crossings`,
    '',
  ].join('\n'),
);
if (trades !== crossings) process.exitCode = 1;
