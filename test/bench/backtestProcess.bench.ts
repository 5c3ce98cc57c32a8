/**
 * node test/bench/backtestProcess.bench.ts — issue 13's whole-process figures:
 *  (a) `perpflow backtest` of sma-cross 10/30 stop-and-reverse (backtesting.py's rules: zero
 *      costs, 10 units) on a ROWS-row (default 1,000,000) seeded random-walk CSV of 1-minute
 *      bars, as a user runs it: a fresh Node process, CSV load included, wall time and peak RSS
 *      from /usr/bin/time. backtesting.py cannot be installed here (no PyPI), so its figure is
 *      the issue's, measured on the same kind of data: about 12.5 s and 400 MB.
 *  (b) a sweep of 32 parameter sets (fast × slow; SWEEP_FAST=fast=5..28:1 makes it 96) on SWEEP_ROWS bars (default 200,000) through
 *      runSweep on 1 worker thread and on every core, in the same run. Goal ≥ 1.6× on 2 cores (issue 22).
 *      It runs in this process, under the V8 flags `perpflow backtest --sweep` has (the bench
 *      re-executes itself with them): without them one thread ran some 5 % slower, which
 *      flattered the ratio (1.43–1.48× against 1.38–1.42× with them, 2026-11-27).
 *      Both runs' CPU time (process.cpuUsage: every thread of this process) is printed beside
 *      them: one thread keeps more than one core busy (V8 compiles and collects on threads of
 *      its own, on the core the sweep leaves idle), which two workers on two cores cannot do,
 *      so the row also gives the runs per CPU-second of each, the efficiency per busy core.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseSweep } from '../../backtest/sweep/parseSweep.ts';
import { runSweep } from '../../backtest/sweep/runSweep.ts';
import { smaReverseConfig, writeRandomWalkCsv } from './support/randomWalkCsv.ts';
import { underBacktestFlags } from './support/underBacktestFlags.ts';

underBacktestFlags(import.meta.url);

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const SWEEP_ROWS = Number(process.env.SWEEP_ROWS ?? 200_000);
const BACKTESTING_PY = { wallS: 12.5, rssMb: 400 };
const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'perpflow-bench-'));
const writeCsv = writeRandomWalkCsv;

const config = join(dir, 'sma.yaml');
writeFileSync(config, smaReverseConfig('lastClose'));

// (a) ------------------------------------------------------------------------------------------
const csv = join(dir, 'WALK-1m.csv');
writeCsv(csv, ROWS);
const json = join(dir, 'out.json');
const run = spawnSync(
  '/usr/bin/time',
  [
    '-f',
    '%e %M',
    process.execPath,
    // The launcher, as a user starts it: it runs the backtest under its V8 flags (bin/backtestNodeFlags.js).
    join(root, 'bin/perpflow.js'),
    'backtest',
    config,
    '--data',
    `WALK=${csv}`,
    '--json',
    json,
  ],
  { encoding: 'utf8', cwd: root },
);
if (run.status !== 0) throw new Error(`perpflow backtest failed (${run.status}):\n${run.stderr}`);
const [wallS, rssKb] = (run.stderr.trim().split('\n').at(-1) as string).split(' ').map(Number) as [
  number,
  number,
];
const trades = (JSON.parse(readFileSync(json, 'utf8')) as { trades: unknown[] }).trades.length;
const rssMb = rssKb / 1024;

// (b) ------------------------------------------------------------------------------------------
const sweepCsv = join(dir, 'WALKS-1m.csv');
if (SWEEP_ROWS > 0) writeCsv(sweepCsv, SWEEP_ROWS);
// SWEEP_FAST widens the grid: 'fast=5..28:1' gives 96 sets (24 × 4), issue 44's size.
const axes = [process.env.SWEEP_FAST ?? 'fast=5..19:2', 'slow=30..60:10'].map(parseSweep);
const request = { configFile: config, data: [{ symbol: 'WALK', file: sweepCsv }] };
const timed = async (threads: number) => {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const rows = await runSweep(request, axes, { threads });
  const cpu = process.cpuUsage(c0);
  const failed = rows.filter((r) => !r.answer.ok);
  if (failed.length > 0)
    throw new Error(`sweep: ${failed.length} failed: ${JSON.stringify(failed[0]?.answer)}`);
  return { ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000, n: rows.length };
};
// SWEEP_ROWS=0 skips (b).
const none = { ms: Number.NaN, cpuMs: Number.NaN, n: 0 };
const one = SWEEP_ROWS > 0 ? await timed(1) : none;
const all = SWEEP_ROWS > 0 ? await timed(availableParallelism()) : none;
rmSync(dir, { recursive: true, force: true });

const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
process.stdout.write(
  [
    `| what | perpflow | baseline | ratio | goal |`,
    '|---|---|---|---|---|',
    `| whole process, ${fmt(ROWS)}-row random-walk CSV, sma-cross 10/30 reverse, zero costs, --json (${fmt(trades)} trades): wall / peak RSS | ${fmt(wallS, 2)} s / ${fmt(rssMb)} MB | backtesting.py ≈ ${BACKTESTING_PY.wallS} s / ${BACKTESTING_PY.rssMb} MB (issue's figure) | ${fmt(BACKTESTING_PY.wallS / wallS, 1)}× faster / ${fmt(rssMb / BACKTESTING_PY.rssMb, 2)}× the memory | ≥ 10× faster, ≤ 0.5× memory |`,
    `| sweep of ${one.n} parameter sets on ${fmt(SWEEP_ROWS)} bars, runs/s | ${fmt((all.n / all.ms) * 1000, 2)} on ${availableParallelism()} threads | ${fmt((one.n / one.ms) * 1000, 2)} on 1 thread | ${fmt(one.ms / all.ms, 2)}× | ≥ 1.6× on 2 cores (issue 22) |`,
    `| the same sweep's CPU time, all threads: seconds / cores kept busy / runs per CPU-second | ${fmt(all.cpuMs / 1000, 1)} s / ${fmt(all.cpuMs / all.ms, 2)} / ${fmt((all.n / all.cpuMs) * 1000, 2)} | ${fmt(one.cpuMs / 1000, 1)} s / ${fmt(one.cpuMs / one.ms, 2)} / ${fmt((one.n / one.cpuMs) * 1000, 2)} | ${fmt(one.cpuMs / all.cpuMs, 2)} per busy core | (report) |`,
    '',
  ].join('\n'),
);
