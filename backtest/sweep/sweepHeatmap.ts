import { readFileSync } from 'node:fs';
import { ConfigError } from '../../src/errors/ConfigError.ts';
import { esc } from '../../src/report/html/escapeHtml.ts';
import { REPORT_CSS } from '../../src/report/html/reportStyle.ts';
import { formatMetric } from '../metrics/formatMetric.ts';
import type { SweepAxis } from './parseSweep.ts';
import type { SweepRow } from './runSweep.ts';

/** The metric a sweep ranks by (`runSweep`: total return) and how it prints. */
export const RANKED = { key: 'totalReturn', label: 'total return', unit: 'percent' } as const;

const axisName = (a: SweepAxis) => (a.strategy === undefined ? a.param : `${a.strategy}.${a.param}`);
const paramOf = (row: SweepRow, a: SweepAxis) => row.params[a.strategy ?? '*']?.[a.param];
const score = (row: SweepRow): number | null =>
  row.answer.ok ? (row.answer.metrics[RANKED.key] ?? null) : null;

/**
 * The grid of the ranked metric over two axes (rows: `y`'s values; one row without `y`): each cell
 * the best over the other axes' values, null where no run of that cell succeeded.
 */
export function heatmapCells(rows: readonly SweepRow[], x: SweepAxis, y?: SweepAxis): (number | null)[][] {
  const cells: (number | null)[][] = (y?.values ?? [0]).map(() => x.values.map(() => null));
  for (const r of rows) {
    const i = x.values.indexOf(paramOf(r, x) ?? Number.NaN);
    const j = y === undefined ? 0 : y.values.indexOf(paramOf(r, y) ?? Number.NaN);
    const v = score(r);
    const line = cells[j];
    if (i < 0 || line === undefined || v === null) continue;
    const old = line[i] ?? null;
    line[i] = old === null ? v : Math.max(old, v);
  }
  return cells;
}

/**
 * The sweep as a self-contained HTML page, like backtesting.py's `plot_heatmaps`: the ranked metric
 * over two swept parameters (`xy`, by default the first two; a single axis is one row), each cell
 * the best over the other parameters, and the top parameter sets ranked.
 */
export function sweepHeatmapHtml(
  rows: readonly SweepRow[],
  axes: readonly SweepAxis[],
  o: { readonly xy?: readonly [string, string]; readonly top?: number; readonly title?: string } = {},
): string {
  const pick = (name: string) => {
    const a = axes.find((x) => axisName(x) === name);
    if (a === undefined)
      throw new ConfigError(`heatmap axis ${name}: not swept (swept: ${axes.map(axisName).join(', ')})`);
    return a;
  };
  const x = o.xy === undefined ? axes[0] : pick(o.xy[0]);
  const y = o.xy === undefined ? axes[1] : pick(o.xy[1]);
  if (x === undefined) throw new ConfigError('a heatmap needs at least one swept parameter');
  const cells = heatmapCells(rows, x, y);
  const data = {
    x: { name: axisName(x), values: x.values },
    y: y === undefined ? { name: '', values: [''] } : { name: axisName(y), values: y.values },
    cells,
    labels: cells.map((row) => row.map((v) => formatMetric(v, RANKED.unit))),
  };
  const top = rows.slice(0, o.top ?? 10);
  const params = (r: SweepRow) =>
    Object.entries(r.params)
      .flatMap(([id, ps]) => Object.entries(ps).map(([k, v]) => `${id === '*' ? '' : `${id}.`}${k}=${v}`))
      .join(' ');
  const m = (r: SweepRow, key: string, unit: Parameters<typeof formatMetric>[1]) =>
    r.answer.ok ? formatMetric(r.answer.metrics[key] ?? null, unit) : '';
  const body = top
    .map(
      (r, i) =>
        `<tr><td>${i + 1}</td><td>${esc(params(r))}</td>${
          r.answer.ok
            ? `<td>${m(r, 'totalReturn', 'percent')}</td><td>${m(r, 'sharpe', 'ratio')}</td><td>${m(r, 'maxDrawdown', 'percent')}</td><td>${m(r, 'trades', 'count')}</td><td>${r.answer.finalEquity.toFixed(2)}</td>`
            : `<td colspan="5">${esc(`error: ${r.answer.error.split('\n')[0]}`)}</td>`
        }</tr>`,
    )
    .join('');
  const client = readFileSync(new URL('./heatmapClient.js', import.meta.url), 'utf8');
  const title = o.title ?? 'Sweep';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${REPORT_CSS}
#heatmap{overflow:visible}</style></head>
<body><main>
<header><h1>${esc(title)}</h1><p>${esc(`${RANKED.label} over ${data.x.name}${data.y.name === '' ? '' : ` × ${data.y.name}`}: each cell the best over the other parameters; ${rows.length} runs`)}</p></header>
<section><h2>Heatmap of ${RANKED.label}</h2><div id="heatmap"><canvas id="heatmap-canvas"></canvas></div></section>
<section><h2>Top ${top.length} parameter sets</h2><table id="heatmap-top"><thead><tr><th>rank</th><th>params</th><th>total return</th><th>sharpe</th><th>max drawdown</th><th>trades</th><th>final equity</th></tr></thead><tbody>${body}</tbody></table></section>
</main>
<script id="heatmap-data" type="application/json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>
<script>${client}</script>
</body></html>
`;
}
