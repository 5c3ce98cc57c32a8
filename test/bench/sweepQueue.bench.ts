/**
 * node test/bench/sweepQueue.bench.ts — a sweep of 64 parameter sets (sma-cross fast × slow,
 * stop-and-reverse) on SWEEP_ROWS seeded random-walk bars (default 20,000) through the PostgreSQL
 * queue: `perpflow worker` processes (started and idle before the clock starts) against one
 * in-process submitter, on 1 and on 2 workers, alternating for ROUNDS rounds (default 2) since
 * other work on the machine's two cores moves each figure. Goal ≥ 1.6× on 2 cores. It prints each
 * worker's peak RSS (the figure it logs when it stops) and the load average.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseSweep } from '../../backtest/sweep/parseSweep.ts';
import { submitQueuedSweep } from '../../backtest/sweep/queue/submitQueuedSweep.ts';
import { sweepTable } from '../../backtest/sweep/runSweep.ts';
import { monotonicStopwatch } from '../../src/clock/Stopwatch.ts';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { startPostgres } from '../journal/pgServer.ts';
import { LAUNCHER, perpflow, tempDir, until } from '../run/runHarness.ts';
import { smaReverseConfig, writeRandomWalkCsv } from './support/randomWalkCsv.ts';

const ROWS = Number(process.env.SWEEP_ROWS ?? 20_000);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
/** 8 × 8 = 64 sets. */
const SWEEP = ['fast=5..40:5', 'slow=50..120:10'].map(parseSweep);

const dir = tempDir();
const csv = join(dir, 'WALK-1m.csv');
const config = join(dir, 'walk.yaml');
writeRandomWalkCsv(csv, ROWS);
writeFileSync(config, smaReverseConfig('lastClose'));
const request = { configFile: config, data: [{ symbol: 'WALK', file: csv }] };
const clock = new SystemClock();

async function onWorkers(
  url: string,
  n: number,
): Promise<{ ms: number; table: string; rssMb: number[]; cpuS: number }> {
  // Through the launcher, as a user starts a worker: it decides the worker's V8 flags.
  const workers = Array.from({ length: n }, () =>
    perpflow(['worker', url, '--poll-ms', '50'], process.cwd(), {}, LAUNCHER),
  );
  for (const w of workers) await until(() => w.count(/waiting for sweep sets/) > 0, 60_000, 'a worker', w);
  const t0 = monotonicStopwatch.elapsedMs();
  const rows = await submitQueuedSweep(request, SWEEP, {
    url,
    expireSeconds: 900,
    retries: 0,
    pollMs: 50,
    now: () => clock.now(),
    sleep: (ms) => clock.sleep(ms),
  });
  const ms = monotonicStopwatch.elapsedMs() - t0;
  const failed = rows.filter((r) => !r.answer.ok);
  if (failed.length > 0)
    throw new Error(`${failed.length} sets failed: ${JSON.stringify(failed[0]?.answer)}`);
  for (const w of workers) w.child.kill('SIGTERM');
  await Promise.all(workers.map((w) => w.exited));
  const stopped = workers.map((w) => w.lines.find((l) => l.includes('peak RSS')) ?? '');
  const rssMb = stopped.map((l) => Number(/peak RSS (\d+) MB/.exec(l)?.[1] ?? Number.NaN));
  // All the workers' CPU: about the same on 1 and 2 workers when the wall time is bound by free cores.
  const cpuS = stopped.reduce((sum, l) => sum + Number(/CPU ([\d.]+) s/.exec(l)?.[1] ?? Number.NaN), 0);
  return { ms, table: sweepTable(rows), rssMb, cpuS };
}

const pg = await startPostgres();
try {
  const lines: string[] = [];
  const ratios: number[] = [];
  let table: string | undefined;
  for (let round = 1; round <= ROUNDS; round++) {
    const load = loadavg()[0]?.toFixed(1);
    const one = await onWorkers(await pg.freshDatabase(), 1);
    const two = await onWorkers(await pg.freshDatabase(), 2);
    for (const t of [one.table, two.table])
      if (table !== undefined && t !== table) throw new Error('two runs ranked different tables');
    table = one.table;
    const ratio = one.ms / two.ms;
    ratios.push(ratio);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s (${((64 * 1000) / ms).toFixed(2)} sets/s)`;
    lines.push(
      `| ${round} | ${load} | ${s(one.ms)} | ${s(two.ms)} | ${ratio.toFixed(2)}× | ${one.cpuS.toFixed(1)} / ${two.cpuS.toFixed(1)} s | ${one.rssMb.join(', ')} / ${two.rssMb.join(', ')} MB |`,
    );
  }
  const best = Math.max(...ratios);
  process.stdout.write(
    [
      `sweep of 64 sets on ${ROWS.toLocaleString('en-US')} bars over the PostgreSQL queue (pg-boss), 1 worker process then 2`,
      "| round | load average (1 min) | 1 worker | 2 workers | ratio | workers' CPU, 1 / 2 | peak RSS per worker, 1 / 2 |",
      '|---|---|---|---|---|---|---|',
      ...lines,
      `2 workers vs 1: ${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')} (goal ≥ 1.6×: ${best >= 1.6 ? 'met' : 'not met'} in the best round)`,
      '',
    ].join('\n'),
  );
} finally {
  await pg.stop();
}
