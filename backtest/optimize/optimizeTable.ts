import { formatMetric } from '../metrics/formatMetric.ts';
import type { Point } from './coordinate.ts';
import type { Objective } from './objectives.ts';
import { TrialState } from './Sampler.ts';
import type { StoredTrial } from './studyStore.ts';

export const pointText = (p: Point): string =>
  Object.entries(p)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');

/** Rows of text as aligned columns under a rule. */
export function columns(head: readonly string[], body: readonly (readonly string[])[]): string {
  const all = [head, ...body];
  const widths = head.map((_, c) => Math.max(...all.map((r) => (r[c] ?? '').length)));
  const line = (r: readonly string[]) =>
    r
      .map((x, c) => x.padEnd(widths[c] ?? 0))
      .join('  ')
      .trimEnd();
  return `${[line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n')}\n`;
}

/** Finished trials ranked by the objective (best first), the first `top` of them. */
export function rankedTrials(trials: readonly StoredTrial[]): StoredTrial[] {
  const loss = (t: StoredTrial) =>
    t.state === TrialState.complete ? (t.loss ?? Number.POSITIVE_INFINITY) : Number.NaN;
  return trials
    .filter((t) => t.state !== TrialState.running)
    .sort((a, b) => {
      const x = loss(a);
      const y = loss(b);
      if (Number.isNaN(x) || Number.isNaN(y))
        return Number.isNaN(x) ? (Number.isNaN(y) ? a.number - b.number : 1) : -1;
      return x < y ? -1 : x > y ? 1 : a.number - b.number;
    });
}

export function trialsTable(trials: readonly StoredTrial[], objective: Objective, top: number): string {
  const ranked = rankedTrials(trials).slice(0, top);
  const body = ranked.map((t, i) => {
    const m = t.metrics;
    if (t.state === TrialState.failed)
      return [
        String(i + 1),
        String(t.number),
        pointText(t.point),
        `failed: ${(t.error ?? '').split('\n')[0]}`,
        '',
        '',
        '',
        '',
      ];
    return [
      String(i + 1),
      String(t.number),
      pointText(t.point),
      t.value === null ? 'n/a' : t.value.toFixed(4),
      formatMetric(m.totalReturn ?? null, 'percent'),
      formatMetric(m.sharpe ?? null, 'ratio'),
      formatMetric(m.maxDrawdown ?? null, 'percent'),
      formatMetric(m.trades ?? null, 'count'),
    ];
  });
  const head = ['rank', 'trial', 'params', objective.name, 'return', 'sharpe', 'max drawdown', 'trades'];
  // Sharpe as the objective is its column already.
  const keep = (_: unknown, c: number) => objective.name !== 'sharpe' || c !== 5;
  return columns(
    head.filter(keep),
    body.map((r) => r.filter(keep)),
  );
}

/** In sample and out of sample side by side, for the best params. */
export function sideBySide(
  objective: Objective,
  inSample: Readonly<Record<string, number | null>> & { readonly value: number | null },
  outOfSample: Readonly<Record<string, number | null>> & { readonly value: number | null },
  ranges: { readonly train: string; readonly test: string },
): string {
  const row = (name: string, key: string, kind: Parameters<typeof formatMetric>[1]) => [
    name,
    formatMetric(inSample[key] ?? null, kind),
    formatMetric(outOfSample[key] ?? null, kind),
  ];
  return columns(
    ['', `in sample ${ranges.train}`, `out of sample ${ranges.test}`],
    [
      [
        objective.name,
        inSample.value === null ? 'n/a' : inSample.value.toFixed(4),
        outOfSample.value === null ? 'n/a' : outOfSample.value.toFixed(4),
      ],
      row('return', 'totalReturn', 'percent'),
      ...(objective.name === 'sharpe' ? [] : [row('sharpe', 'sharpe', 'ratio')]),
      row('max drawdown', 'maxDrawdown', 'percent'),
      row('trades', 'trades', 'count'),
    ],
  );
}
