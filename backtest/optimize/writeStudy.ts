import type { CommandIo } from '../cli/backtestCommand.ts';
import type { Objective } from './objectives.ts';
import { sideBySide, trialsTable } from './optimizeTable.ts';
import type { StoredTrial } from './studyStore.ts';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Range {
  readonly from: number;
  readonly to: number;
}

/**
 * The study's outcome on stdout: the ranked table, the best params in and out of sample side by
 * side, and the warnings (also on stderr); or, with --json, all of it as one JSON document.
 */
export function writeStudy(
  io: Pick<CommandIo, 'stdout' | 'stderr'>,
  r: {
    readonly study: string | undefined;
    readonly strategyId: string;
    readonly sampler: string;
    readonly objective: Objective;
    readonly seed: number;
    readonly top: number;
    readonly json: boolean;
    readonly all: readonly StoredTrial[];
    readonly best: StoredTrial | undefined;
    readonly searchRange: Range;
    readonly split: { readonly train: Range; readonly test: Range } | undefined;
    readonly outOfSample: (Record<string, number | null> & { value: number | null }) | undefined;
    readonly warnings: readonly string[];
  },
): void {
  const { study, objective, seed, top, all, best, searchRange, split, outOfSample, warnings } = r;
  const json = {
    study: study ?? null,
    strategy: r.strategyId,
    sampler: r.sampler,
    objective: objective.name,
    direction: objective.direction,
    seed,
    trials: all.map((t) => ({
      number: t.number,
      state: t.state,
      params: t.point,
      value: t.value,
      metrics: t.metrics,
      attempts: t.attempts,
      intermediate: t.intermediate,
      ...(t.error === null ? {} : { error: t.error }),
    })),
    best:
      best === undefined
        ? null
        : {
            number: best.number,
            params: best.point,
            inSample: {
              from: new Date(searchRange.from).toISOString(),
              to: new Date(searchRange.to).toISOString(),
              value: best.value,
              metrics: best.metrics,
            },
            outOfSample:
              split === undefined || outOfSample === undefined
                ? null
                : {
                    from: new Date(split.test.from).toISOString(),
                    to: new Date(split.test.to).toISOString(),
                    value: outOfSample.value,
                    metrics: outOfSample,
                  },
          },
    warnings,
  };
  if (r.json) io.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  else {
    io.stdout.write(trialsTable(all, objective, top));
    if (best !== undefined && split !== undefined && outOfSample !== undefined)
      io.stdout.write(
        `\nbest: trial ${best.number} (${Object.entries(best.point)
          .map(([k, v]) => `${k}=${v}`)
          .join(
            ' ',
          )})\n${sideBySide(objective, { ...best.metrics, value: best.value }, outOfSample, { train: `${day(split.train.from)}→${day(split.train.to)}`, test: `${day(split.test.from)}→${day(split.test.to)}` })}`,
      );
    else if (best !== undefined)
      io.stdout.write(
        '\nin sample only: add --train 70% or --walk-forward train=…,test=… to test the best params on data the search never saw\n',
      );
    for (const w of warnings) io.stdout.write(`\nWARNING: ${w}\n`);
  }
  for (const w of warnings) io.stderr.write(`WARNING: ${w}\n`);
}
