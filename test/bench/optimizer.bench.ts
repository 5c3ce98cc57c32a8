/**
 * `npm run bench -- optimizer` — issue 46: perpflow's TPE against Optuna 3.1's
 * TPESampler(multivariate=True, same n_startup) and against random search, on Branin, Hartmann-6
 * and 10-d Rosenbrock: TRIALS (default 100) trials, SEEDS (default 20) seeds each; the table gives
 * the median over seeds of each study's best value (lower is better). Done when ours is within
 * 10% of Optuna's median (ours ≤ optuna + 0.1·|optuna|) and better than random on each function.
 *
 * Optuna runs in test/bench/support/optunaTpe.py under /usr/bin/python3 (PYTHON overrides), with
 * Debian's python3-optuna: `apt-get install -y python3-optuna`. Without it the bench says so and
 * prints perpflow's and random's figures alone. Optuna is never needed to run or test perpflow.
 *
 * Then, on a real strategy (sma-cross on data/samples, 4 params): TPE with N trials
 * (STRATEGY_TRIALS, default 100) against random search with 10·N trials, STRATEGY_SEEDS (default
 * 5) seeds, through the same objective runner `perpflow optimize` uses. Measured 2026-11-28:
 * N = 30 and 50 TPE fell short (1.015 vs 1.127, 1.120 vs 1.127), N = 100 matched (1.189 vs 1.185).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readData } from '../../backtest/data/readData.ts';
import { objectiveNamed } from '../../backtest/optimize/objectives.ts';
import { optimizeTarget } from '../../backtest/optimize/optimizeTarget.ts';
import { randomSampler } from '../../backtest/optimize/randomSampler.ts';
import { seededRng } from '../../backtest/optimize/rng.ts';
import { runPoint, trialResult } from '../../backtest/optimize/runPoint.ts';
import { bestTrial, runStudy } from '../../backtest/optimize/runStudy.ts';
import type { Sampler, TrialView } from '../../backtest/optimize/Sampler.ts';
import { sqliteStorage } from '../../backtest/optimize/studyStorage.ts';
import { StudyStore } from '../../backtest/optimize/studyStore.ts';
import { tpeSampler } from '../../backtest/optimize/tpeSampler.ts';
import type { SearchSpace } from '../../src/config/searchSpace.ts';
import { TEST_FUNCTIONS } from './support/testFunctions.ts';

const TRIALS = Number(process.env.TRIALS ?? 100);
const SEEDS = Number(process.env.SEEDS ?? 20);
const N_STARTUP = 10;
const PYTHON = process.env.PYTHON ?? '/usr/bin/python3';
const script = join(import.meta.dirname, 'support/optunaTpe.py');

function bestOf(
  sampler: Sampler,
  space: SearchSpace,
  f: (x: readonly number[]) => number,
  seed: number,
): number {
  const trials: TrialView[] = [];
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < TRIALS; i++) {
    const point = sampler.sample(space, trials, seededRng(seed, i));
    const loss = f(space.params.map((p) => Number(point[p.name])));
    best = Math.min(best, loss);
    trials.push({ number: i, state: 'complete', point, loss });
  }
  return best;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] ?? Number.NaN) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

function optuna(name: string, seeds: readonly number[]): { version: string; best: number[] } | string {
  if (!existsSync(PYTHON)) return `${PYTHON} not found`;
  const r = spawnSync(PYTHON, [script, name, String(TRIALS), String(N_STARTUP), ...seeds.map(String)], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  if (r.status !== 0)
    return r.stderr.includes("No module named 'optuna'")
      ? `optuna is not installed for ${PYTHON}: apt-get install -y python3-optuna`
      : `optunaTpe.py failed: ${r.stderr.trim().split('\n').at(-1)}`;
  const out = JSON.parse(r.stdout) as { optuna: string; best: number[] };
  return { version: out.optuna, best: out.best };
}

const seeds = Array.from({ length: SEEDS }, (_, i) => i);
const fmt = (x: number) => (Number.isFinite(x) ? x.toPrecision(5) : 'n/a');
const rows: string[][] = [['function', 'perpflow TPE', 'Optuna TPE', 'random', 'ours vs optuna', 'verdict']];
let failed = false;
let skipped: string | undefined;
for (const fn of TEST_FUNCTIONS) {
  const started = performance.now();
  const ours = median(seeds.map((s) => bestOf(tpeSampler({ nStartup: N_STARTUP }), fn.space, fn.f, s)));
  const oursMs = performance.now() - started;
  const random = median(seeds.map((s) => bestOf(randomSampler, fn.space, fn.f, s)));
  const theirs = optuna(fn.name, seeds);
  if (typeof theirs === 'string') skipped = theirs;
  const o = typeof theirs === 'string' ? Number.NaN : median(theirs.best);
  const within = Number.isNaN(o) || ours <= o + 0.1 * Math.abs(o);
  const beatsRandom = ours < random;
  if (!within || !beatsRandom) failed = true;
  rows.push([
    `${fn.name} (min ${fn.minimum})`,
    fmt(ours),
    fmt(o),
    fmt(random),
    Number.isNaN(o) ? 'n/a' : `${(((ours - o) / Math.abs(o)) * 100).toFixed(1)}%`,
    `${within ? 'within 10%' : 'WORSE than optuna+10%'}; ${beatsRandom ? 'beats random' : 'NOT better than random'} (${(oursMs / SEEDS).toFixed(0)} ms/study)`,
  ]);
}
const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
process.stdout.write(
  `median best value over ${SEEDS} seeds, ${TRIALS} trials, n_startup ${N_STARTUP} (lower is better)\n`,
);
for (const r of rows) process.stdout.write(`${r.map((x, c) => x.padEnd(widths[c] ?? 0)).join('  ')}\n`);
if (skipped !== undefined) process.stdout.write(`Optuna column skipped: ${skipped}\n`);

// A real strategy: sma-cross on the GOOG daily sample, 4 params (fast, slow on a log scale, mode,
// notional), Sharpe over the whole sample, through the runner `perpflow optimize` uses.
const N = Number(process.env.STRATEGY_TRIALS ?? 100);
const STRATEGY_SEEDS = Number(process.env.STRATEGY_SEEDS ?? 5);
const CONFIG = join(import.meta.dirname, '../../config/examples/optimize-sma-GOOG.yaml');
const data = [{ symbol: 'GOOG', file: join(import.meta.dirname, '../../data/samples/GOOG-1d.csv') }];
const target = await optimizeTarget(CONFIG, undefined);
const loaded = readData({ data });
const objective = objectiveNamed('sharpe');
async function strategyBest(sampler: Sampler, trials: number, seed: number): Promise<number> {
  const store = sqliteStorage(
    StudyStore.open(':memory:', { name: 'bench', configSha256: '', dataSha256: '', setup: '' }),
    () => false,
  );
  const done = await runStudy({
    store,
    owner: 'bench',
    trials,
    space: target.space,
    sampler,
    seed,
    run: async (point) =>
      trialResult(objective, await runPoint({ configFile: CONFIG, data, loaded }, target.strategyId, point)),
  });
  await store.close();
  return bestTrial(done)?.value ?? Number.NaN;
}
const strategySeeds = Array.from({ length: STRATEGY_SEEDS }, (_, i) => i);
const tpeBest: number[] = [];
const randomBest: number[] = [];
for (const s of strategySeeds) {
  tpeBest.push(await strategyBest(tpeSampler(), N, s));
  randomBest.push(await strategyBest(randomSampler, 10 * N, s));
}
const tpeMedian = median(tpeBest);
const randomMedian = median(randomBest);
const strategyOk = tpeMedian >= randomMedian;
if (!strategyOk) failed = true;
process.stdout.write(
  `\nsma-cross on GOOG-1d (fast, slow log, mode, notional), best Sharpe, median over ${STRATEGY_SEEDS} seeds (higher is better)\n` +
    `  TPE    ${N} trials:  ${tpeMedian.toFixed(4)}  (per seed ${tpeBest.map((x) => x.toFixed(3)).join(', ')})\n` +
    `  random ${10 * N} trials: ${randomMedian.toFixed(4)}  (per seed ${randomBest.map((x) => x.toFixed(3)).join(', ')})\n` +
    `  ${strategyOk ? 'TPE at least as good as random with 10× the trials' : 'TPE WORSE than random with 10× the trials'}\n`,
);
if (failed) process.exitCode = 1;
