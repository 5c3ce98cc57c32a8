import { createHash, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from '../../src/errors/ConfigError.ts';
import type { BacktestRequest } from '../backtestFromFiles.ts';
import type { CommandIo } from '../cli/backtestCommand.ts';
import { parseSymbolFile, parseWhen } from '../cli/parseArgs.ts';
import { progress } from '../cli/progress.ts';
import { readDataSplit } from '../data/readDataSplit.ts';
import type { EquityColumns } from '../metrics/EquityPoint.ts';
import { parseWalkForward } from '../sweep/walkForward.ts';
import { gridSampler } from './gridSampler.ts';
import { honestyWarnings } from './honesty.ts';
import { objectiveNamed } from './objectives.ts';
import { intFlag, optimizeOptionsSchema, prunerOn, samplerName, studyName } from './optimizeOptions.ts';
import { pointText } from './optimizeTable.ts';
import { fileSha256, filesSha256, optimizeTarget } from './optimizeTarget.ts';
import { ownerGone, processOwner } from './owner.ts';
import { runQueuedStudy } from './queuedStudy.ts';
import { randomSampler } from './randomSampler.ts';
import { barsIn, keptMetrics, pruningCheckpoints, runPoint, runPointCurve, trialResult } from './runPoint.ts';
import { bestTrial, runStudy } from './runStudy.ts';
import type { Sampler } from './Sampler.ts';
import { dataRange, parseTrain, splitRange } from './splitRange.ts';
import { openStudyStorage } from './studyStorage.ts';
import type { StoredTrial } from './studyStore.ts';
import { tpeSampler } from './tpeSampler.ts';
import { walkForwardStudy } from './walkForwardStudy.ts';
import { writeStudy } from './writeStudy.ts';

/**
 * `perpflow optimize CONFIG --data SYMBOL=FILE --trials N …`: searches the `optimize` section of
 * one strategy entry, prints the ranked trials, and — with --train or --walk-forward — the best
 * params re-run on data the search never saw, side by side with in sample, with a loud warning
 * when out of sample falls apart.
 */
export async function optimizeCommand(
  configFile: string,
  options: Record<string, unknown>,
  io: CommandIo & { readonly sleep?: (ms: number) => Promise<void> },
): Promise<void> {
  const o = optimizeOptionsSchema.parse(options);
  const askedTrials = intFlag('--trials', o.trials, 1, 100_000, '100');
  const seed = intFlag('--seed', o.seed, 0, 2 ** 31 - 1, '7');
  const top = intFlag('--top', o.top, 1, 100_000, '10');
  const samplerKind = samplerName(o.sampler);
  const pruner = prunerOn(o.pruner);
  if (o.queue !== undefined && (pruner || o.walkForward !== undefined))
    throw new ConfigError(
      '--queue runs whole trials on workers: it takes neither --pruner median nor --walk-forward',
    );
  const queue =
    o.queue === undefined
      ? undefined
      : {
          url: o.queue,
          parallel: intFlag('--parallel', o.parallel, 1, 1_000, '8'),
          expireSeconds: intFlag('--queue-expire-seconds', o.queueExpireSeconds, 1, 86_400, '900'),
          retries: intFlag('--queue-retries', o.queueRetries, 0, 100, '3'),
          pollMs: intFlag('--queue-poll-ms', o.queuePollMs, 10, 60_000, '500'),
          sleep: io.sleep ?? (async () => {}),
        };
  const objective = objectiveNamed(o.objective);
  if (o.report !== undefined && o.walkForward !== undefined)
    throw new ConfigError('--report draws one study: run it with --train, not --walk-forward');
  if (o.train !== undefined && o.walkForward !== undefined)
    throw new ConfigError('--train and --walk-forward each hold data out: give one of them');
  const train = o.train === undefined ? undefined : parseTrain(o.train);
  const wf = o.walkForward === undefined ? undefined : parseWalkForward(o.walkForward);
  const study = o.study === undefined ? undefined : studyName(o.study);
  const data = o.data.map((d) => parseSymbolFile('--data', d));
  const funding = (o.funding ?? []).map((f) => parseSymbolFile('--funding', f));
  const from = parseWhen('--from', o.from);
  const to = parseWhen('--to', o.to);
  const target = await optimizeTarget(configFile, o.strategy);
  const grid = samplerKind === 'grid' ? gridSampler(target.space) : undefined;
  const sampler: Sampler = grid ?? (samplerKind === 'tpe' ? tpeSampler() : randomSampler);
  // A grid is run once: more trials than points would repeat them.
  const trials = Math.min(askedTrials, grid?.size ?? askedTrials);
  const loaded = await readDataSplit({ data, funding });
  const range = dataRange(loaded, from, to);
  const request: Omit<BacktestRequest, 'onProgress' | 'params'> = { configFile, data, funding, loaded };
  const identity = {
    configSha256: fileSha256(configFile),
    dataSha256: filesSha256([...data, ...funding]),
  };
  const setup = {
    space: target.space,
    strategy: target.strategyId,
    sampler: samplerKind,
    pruner: o.pruner,
    objective: objective.name,
    seed,
    from,
    to,
  };
  const storage = study === undefined ? ':memory:' : o.storage;
  const owner = processOwner();
  if (wf !== undefined) {
    const result = await walkForwardStudy({
      request,
      range,
      spec: wf,
      objective,
      open: (window, bounds) =>
        openStudyStorage(
          storage,
          {
            name: `${study ?? 'unnamed'}.window${window}`,
            ...identity,
            setup: JSON.stringify({ ...setup, walkForward: o.walkForward, window: bounds }),
          },
          { owner, isGone: ownerGone },
        ),
      study: {
        owner,
        trials,
        space: target.space,
        sampler,
        seed,
        ...(pruner ? { pruner: {} } : {}),
      },
      strategyId: target.strategyId,
    });
    io.stdout.write(o.json === true ? `${JSON.stringify(result.json, null, 2)}\n` : result.text);
    for (const w of result.warnings) io.stderr.write(`WARNING: ${w}\n`);
    return;
  }
  const split = train === undefined ? undefined : splitRange(range, train);
  const searchRange = split?.train ?? { from: range.start, to: range.end };
  const bars = barsIn(loaded.feeds[0]?.time ?? [], searchRange.from, searchRange.to);
  const store = await openStudyStorage(
    storage,
    { name: study ?? 'unnamed', ...identity, setup: JSON.stringify({ ...setup, train: o.train ?? null }) },
    { owner, isGone: ownerGone },
  );
  const bar = progress(
    io.stderr,
    'optimize {bar} {value}/{total} trials | best {best} | eta {eta_formatted}',
  );
  const onTrial = (ts: readonly StoredTrial[]) => {
    const best = bestTrial(ts);
    bar.tick(ts.filter((t) => t.state !== 'running').length, trials, {
      best: best?.value === undefined || best.value === null ? 'n/a' : best.value.toFixed(4),
    });
  };
  const common = { store, owner, trials, space: target.space, sampler, seed, onTrial };
  let all: readonly StoredTrial[];
  try {
    all =
      queue !== undefined
        ? await runQueuedStudy({
            ...common,
            queue,
            // The study's sets in the queue: the same study (name, inputs, storage) finds its own again.
            queueId: `optimize-${createHash('sha256')
              .update(JSON.stringify([resolve(storage), study ?? randomUUID(), identity, setup]))
              .digest('hex')
              .slice(0, 32)}`,
            objective,
            strategyId: target.strategyId,
            request: { ...request, ...searchRange },
          })
        : await runStudy({
            ...common,
            run: async (point, report) =>
              trialResult(
                objective,
                await runPoint(
                  { ...request, ...searchRange },
                  target.strategyId,
                  point,
                  pruningCheckpoints(bars, objective, report),
                ),
              ),
            ...(pruner ? { pruner: {} } : {}),
          });
  } finally {
    bar.stop();
    await store.close();
  }
  const best = bestTrial(all);
  let outOfSample: (Record<string, number | null> & { value: number | null }) | undefined;
  const warnings: string[] = [];
  let oosCurve: EquityColumns | undefined;
  if (split !== undefined && best !== undefined) {
    const { metrics: m, equity } = await runPointCurve(
      { ...request, ...split.test },
      target.strategyId,
      best.point,
    );
    oosCurve = equity;
    outOfSample = { ...keptMetrics(m), value: objective.value(m) };
    warnings.push(...honestyWarnings(objective, best.value, outOfSample.value, m.trades));
  }
  if (o.report !== undefined) {
    const inSample =
      best === undefined
        ? undefined
        : await runPointCurve({ ...request, ...searchRange }, target.strategyId, best.point);
    const { optimizeHtml } = await import('./optimizeHtml.ts');
    writeFileSync(
      o.report,
      optimizeHtml({
        title: `perpflow optimize: ${target.strategyId}${study === undefined ? '' : ` (study ${study})`}`,
        space: target.space,
        objective,
        trials: all,
        ...(best === undefined || inSample === undefined
          ? {}
          : {
              best: {
                params: pointText(best.point),
                inSample: inSample.equity,
                ...(oosCurve === undefined ? {} : { outOfSample: oosCurve }),
              },
            }),
      }),
    );
  }
  if (best === undefined)
    warnings.push('no trial finished with a result: every point failed (see the table)');
  writeStudy(io, {
    study,
    strategyId: target.strategyId,
    sampler: samplerKind,
    objective,
    seed,
    top,
    json: o.json === true,
    all,
    best,
    searchRange,
    split,
    outOfSample,
    warnings,
  });
}
