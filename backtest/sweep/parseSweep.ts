import { ConfigError } from '../../src/errors/ConfigError.ts';

/** One swept parameter: `fast=5..20:5` → fast ∈ {5, 10, 15, 20}; `sma-cross.fast=…` names one strategy. */
export interface SweepAxis {
  /** A strategy id, or undefined for every strategy. */
  readonly strategy?: string;
  readonly param: string;
  readonly values: readonly number[];
}

const MAX_POINTS = 10_000;

export function parseSweep(raw: string): SweepAxis {
  const m = /^(?:([a-z0-9][a-z0-9-]*)\.)?([A-Za-z_][A-Za-z0-9_]*)=(-?[\d.]+)\.\.(-?[\d.]+):([\d.]+)$/.exec(
    raw,
  );
  const hint = `--sweep ${raw}: expected PARAM=FROM..TO:STEP (or STRATEGY.PARAM=…), like --sweep fast=5..20:5`;
  if (m === null) throw new ConfigError(hint);
  const [, strategy, param = '', a, b, s] = m;
  const from = Number(a);
  const to = Number(b);
  const step = Number(s);
  if (![from, to, step].every(Number.isFinite) || step <= 0 || to < from)
    throw new ConfigError(`${hint}; FROM ≤ TO and STEP > 0`);
  const count = Math.floor((to - from) / step + 1e-9) + 1;
  if (count > MAX_POINTS) throw new ConfigError(`${hint}; ${count} values is more than ${MAX_POINTS}`);
  // Values from integer multiples of the step, rounded to the step's decimals: no 0.30000000000000004.
  const decimals = (s?.split('.')[1]?.length ?? 0) + (a?.split('.')[1]?.length ?? 0);
  const values = Array.from({ length: count }, (_, i) => Number((from + i * step).toFixed(decimals)));
  return { ...(strategy === undefined ? {} : { strategy }), param, values };
}

/** Every combination of the axes' values, as params by strategy id (`*` = every strategy). */
export function sweepGrid(axes: readonly SweepAxis[]): Record<string, Record<string, number>>[] {
  let grid: Record<string, Record<string, number>>[] = [{}];
  for (const axis of axes) {
    const key = axis.strategy ?? '*';
    grid = grid.flatMap((g) => axis.values.map((v) => ({ ...g, [key]: { ...g[key], [axis.param]: v } })));
  }
  return grid;
}
