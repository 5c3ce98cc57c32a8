/**
 * node test/bench/optimizeQueue.bench.ts — issue 46's scaling goal: a study of TRIALS trials
 * (default 24) of sma-cross on BARS seeded random-walk bars (default 100,000: a trial lasts a few
 * seconds, so start-up is amortised) through `perpflow optimize --queue … --parallel PARALLEL` (4), on 1 and
 * on 2 `perpflow worker` processes (started and idle before the clock starts), alternating for
 * ROUNDS rounds (default 2). The time is the optimize process's, from its start to its exit, as a
 * user waits for it. Goal: 2 workers ≥ 1.6× the trials per second of 1, on 2 cores.
 *
 * SAMPLER (default random): TPE picks its later trials from the ones finished so far, which come in
 * another order on 2 workers, so the two arms ran different trials (1 s to 13 s each at 1M bars);
 * random draws trial n from the seed alone, and both arms run the same work.
 *
 * Beside the wall times it prints, from the workers' logs, the workers' CPU per trial, their core
 * share (CPU time over wall time while on a set: below 1, a set waited for a core that another
 * process held) and how long each worker had no set (the submitter's start-up, hand-offs, the last
 * trial's tail): a ratio short of 2 with a full core share and little time without a set is the
 * design's; with a low core share, it is the host's.
 */
import { loadavg } from 'node:os';
import { monotonicStopwatch } from '../../src/clock/Stopwatch.ts';
import { startPostgres } from '../journal/pgServer.ts';
import { writeWalkStudy } from '../optimize/support/walkStudy.ts';
import { LAUNCHER, perpflow, perpflowOutput, tempDir, until } from '../run/runHarness.ts';
import { workerSets } from './support/workerSets.ts';

const BARS = Number(process.env.BARS ?? 100_000);
const TRIALS = Number(process.env.TRIALS ?? 24);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
/** Trials in flight: one per worker leaves each idle while the submitter hears of an end and sends the next. */
const PARALLEL = Number(process.env.PARALLEL ?? 4);
const SAMPLER = process.env.SAMPLER ?? 'random';

const dir = tempDir();
const { csv, config } = writeWalkStudy(dir, BARS);

interface Arm {
  readonly ms: number;
  readonly complete: number;
  /** The workers' CPU on their sets, all workers together. */
  readonly cpuMs: number;
  /** CPU over wall time on sets, all workers together. */
  readonly coreShare: number;
  /** Per worker, on average: the optimize run's wall time less the worker's time on sets. */
  readonly withoutSetMs: number;
}

/** The study on `n` workers: the optimize process's wall time, every trial counted, the workers' figures. */
async function onWorkers(url: string, n: number): Promise<Arm> {
  // Through the launcher, as a user starts a worker: it decides the worker's V8 flags.
  const workers = Array.from({ length: n }, () =>
    perpflow(['worker', url, '--poll-ms', '50'], process.cwd(), {}, LAUNCHER),
  );
  for (const w of workers) await until(() => w.count(/waiting for sweep sets/) > 0, 60_000, 'a worker', w);
  const t0 = monotonicStopwatch.elapsedMs();
  const r = await perpflowOutput([
    'optimize',
    config,
    '--data',
    `WALK=${csv}`,
    '--trials',
    String(TRIALS),
    '--sampler',
    SAMPLER,
    '--queue',
    url,
    '--parallel',
    String(PARALLEL),
    '--queue-poll-ms',
    '50',
    '--json',
  ]);
  const ms = monotonicStopwatch.elapsedMs() - t0;
  for (const w of workers) w.child.kill('SIGTERM');
  await Promise.all(workers.map((w) => w.exited));
  if (r.code !== 0) throw new Error(`optimize exited ${r.code}: ${r.stderr}`);
  const trials = (JSON.parse(r.stdout) as { trials: { state: string }[] }).trials;
  const sets = workers.map((w) => workerSets(w.lines));
  const wallMs = sets.reduce((a, s) => a + s.wallMs, 0);
  const cpuMs = sets.reduce((a, s) => a + s.cpuMs, 0);
  return {
    ms,
    complete: trials.filter((t) => t.state === 'complete').length,
    cpuMs,
    coreShare: cpuMs / wallMs,
    withoutSetMs: ms - wallMs / n,
  };
}

const pg = await startPostgres();
try {
  const lines: string[] = [];
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const load = loadavg()[0]?.toFixed(1);
    const one = await onWorkers(await pg.freshDatabase(), 1);
    const two = await onWorkers(await pg.freshDatabase(), 2);
    for (const r of [one, two])
      if (r.complete !== TRIALS) throw new Error(`${r.complete} of ${TRIALS} trials complete`);
    const ratio = one.ms / two.ms;
    ratios.push(ratio);
    const s = (a: Arm) =>
      `${(a.ms / 1000).toFixed(1)} s, ${((TRIALS * 1000) / a.ms).toFixed(3)} trials/s | ${(a.cpuMs / TRIALS / 1000).toFixed(2)} s | ${a.coreShare.toFixed(2)} | ${(a.withoutSetMs / 1000).toFixed(1)} s`;
    lines.push(`| ${round} | ${load} | ${s(one)} | ${s(two)} | ${ratio.toFixed(2)}× |`);
  }
  const best = Math.max(...ratios);
  process.stdout.write(
    [
      `optimize --queue: ${TRIALS} trials of sma-cross on ${BARS.toLocaleString('en-US')} bars, --sampler ${SAMPLER}, --parallel ${PARALLEL}, 1 worker process then 2`,
      'per arm: wall time and trials per second; workers’ CPU per trial; their core share (CPU ÷ wall on sets); time each worker had no set',
      '| round | load average (1 min) | 1 worker | CPU/trial | core share | without a set | 2 workers | CPU/trial | core share | without a set | ratio |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...lines,
      `2 workers vs 1: ${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')} (goal ≥ 1.6×: ${best >= 1.6 ? 'met' : 'not met'} in the best round)`,
      '',
    ].join('\n'),
  );
} finally {
  await pg.stop();
}
