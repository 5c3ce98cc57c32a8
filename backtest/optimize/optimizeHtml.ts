import type { SearchSpace } from '../../src/config/searchSpace.ts';
import { esc } from '../../src/report/html/escapeHtml.ts';
import { REPORT_CSS } from '../../src/report/html/reportStyle.ts';
import type { EquityColumns } from '../metrics/EquityPoint.ts';
import type { Objective } from './objectives.ts';
import { IMPORTANCE_METHOD, paramImportance } from './paramImportance.ts';
import type { StoredTrial } from './studyStore.ts';
import { type Series, svgChart } from './svgPlots.ts';

const curve = (c: EquityColumns): [number, number][] =>
  Array.from({ length: c.time.length }, (_, i) => [c.time[i] ?? Number.NaN, c.equity[i] ?? Number.NaN]);

/**
 * The study as a self-contained HTML page (inline SVG, no script): the optimisation history with
 * the best so far, each parameter's importance (the method is named on the page), a slice plot
 * per parameter, and the best params' equity in sample and out of sample.
 */
export function optimizeHtml(o: {
  readonly title: string;
  readonly space: SearchSpace;
  readonly objective: Objective;
  readonly trials: readonly StoredTrial[];
  readonly best?: {
    readonly params: string;
    readonly inSample: EquityColumns;
    readonly outOfSample?: EquityColumns;
  };
}): string {
  const done = o.trials.filter((t) => t.state === 'complete' && t.value !== null && Number.isFinite(t.value));
  const sign = o.objective.direction === 'maximize' ? 1 : -1;
  let best = Number.NaN;
  const bestSoFar: [number, number][] = [];
  for (const t of done) {
    const v = t.value ?? Number.NaN;
    if (Number.isNaN(best) || sign * v > sign * best) best = v;
    bestSoFar.push([t.number, best]);
  }
  const history = svgChart(
    `${o.objective.name} by trial (${o.objective.direction === 'maximize' ? 'higher' : 'lower'} is better)`,
    [
      {
        points: done.map((t) => [t.number, t.value ?? Number.NaN]),
        kind: 'dots',
        colour: '#4477aa',
        label: 'trial',
      },
      { points: bestSoFar, kind: 'line', colour: '#cc3311', label: 'best so far' },
    ],
    { xLabel: 'trial' },
  );
  const importance = paramImportance(o.space, o.trials);
  const rows = Object.entries(importance)
    .sort((a, b) => b[1] - a[1])
    .map(
      ([k, v]) =>
        `<tr><td>${esc(k)}</td><td>${v.toFixed(3)}</td><td><div style="background:#4477aa;height:10px;width:${Math.round(v * 300)}px"></div></td></tr>`,
    )
    .join('');
  const slices = o.space.params
    .map(({ name, domain }) => {
      if (domain.kind === 'categorical') {
        const points = done.map((t): [number, number] => [
          domain.choices.indexOf(t.point[name] ?? ''),
          t.value ?? Number.NaN,
        ]);
        return svgChart(
          `${o.objective.name} by ${name} (${domain.choices.map((c, i) => `${i} = ${String(c)}`).join(', ')})`,
          [{ points, kind: 'dots', colour: '#228833', label: name }],
        );
      }
      return svgChart(
        `${o.objective.name} by ${name}`,
        [
          {
            points: done.map((t) => [Number(t.point[name]), t.value ?? Number.NaN]),
            kind: 'dots',
            colour: '#228833',
            label: name,
          },
        ],
        { logX: domain.log, xLabel: name },
      );
    })
    .join('');
  const equity: Series[] =
    o.best === undefined
      ? []
      : [
          { points: curve(o.best.inSample), kind: 'line', colour: '#4477aa', label: 'in sample' },
          ...(o.best.outOfSample === undefined
            ? []
            : [
                {
                  points: curve(o.best.outOfSample),
                  kind: 'line' as const,
                  colour: '#cc3311',
                  label: 'out of sample',
                },
              ]),
        ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(o.title)}</title><style>${REPORT_CSS}</style></head>
<body><main>
<header><h1>${esc(o.title)}</h1><p>${esc(`${o.trials.length} trials, ${done.length} complete; objective ${o.objective.name}`)}</p></header>
<section><h2>Optimisation history</h2>${history}</section>
<section><h2>Parameter importance</h2><p>${esc(IMPORTANCE_METHOD)}</p><table><thead><tr><th>param</th><th>η²</th><th></th></tr></thead><tbody>${rows}</tbody></table></section>
<section><h2>Slices</h2>${slices}</section>
${o.best === undefined ? '' : `<section><h2>Best params: equity</h2><p>${esc(o.best.params)}</p>${svgChart('account equity', equity, { xText: (t) => new Date(t).toISOString().slice(0, 10) })}</section>`}
</main></body></html>
`;
}
