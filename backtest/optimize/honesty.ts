import type { Objective } from './objectives.ts';

/** Out of sample below this share of in sample (for a maximised objective) is called out. */
export const OOS_SHARE = 0.5;
/** Fewer out-of-sample trades than this say little either way. */
export const MIN_OOS_TRADES = 30;

/**
 * The warnings an out-of-sample result earns: the objective fell below half its in-sample value
 * (or went negative; for max-drawdown, more than doubled), or too few trades to judge by.
 */
export function honestyWarnings(
  objective: Objective,
  inSample: number | null,
  outOfSample: number | null,
  outOfSampleTrades: number,
): string[] {
  const out: string[] = [];
  const f = (x: number | null) => (x === null ? 'n/a' : x.toFixed(3));
  if (outOfSample === null)
    out.push(`out of sample ${objective.name} is n/a (no figure): the in-sample optimum is untested`);
  else if (objective.direction === 'maximize') {
    if (outOfSample < 0 || (inSample !== null && inSample > 0 && outOfSample < OOS_SHARE * inSample))
      out.push(
        `out of sample ${objective.name} ${f(outOfSample)} (in sample ${f(inSample)}) is ${outOfSample < 0 ? 'negative' : `below ${OOS_SHARE * 100}% of in sample`}: the in-sample optimum is likely a fluke of the training data (overfit)`,
      );
  } else if (inSample !== null && outOfSample > inSample / OOS_SHARE)
    out.push(
      `out of sample ${objective.name} ${f(outOfSample)} (in sample ${f(inSample)}) is more than ${1 / OOS_SHARE}× in sample: the in-sample optimum is likely a fluke of the training data (overfit)`,
    );
  if (outOfSampleTrades < MIN_OOS_TRADES)
    out.push(
      `only ${outOfSampleTrades} trades out of sample (fewer than ${MIN_OOS_TRADES}): too few to tell skill from luck`,
    );
  return out;
}
