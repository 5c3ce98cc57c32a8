import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { downsampleBars, downsamplePoints, drawdownOf } from './downsample.ts';
import { esc } from './escapeHtml.ts';
import type { ReportCard, ReportInput, ReportPoint, ReportTable } from './ReportInput.ts';
import { REPORT_CSS } from './reportStyle.ts';
import { tradeMarkers } from './tradeMarkers.ts';
import { tradesSection } from './tradesTable.ts';

/** Candles and line points drawn per chart: beyond this a browser slows down and the eye sees no more. */
const MAX_POINTS = 4_000;
const DAY = 86_400_000;

let inlined: { lib: string; client: string } | undefined;

/** lightweight-charts and our drawing script, read once: the page must open offline. */
function scripts(): { lib: string; client: string } {
  if (inlined === undefined) {
    const pkg = createRequire(import.meta.url).resolve('lightweight-charts/package.json');
    inlined = {
      lib: readFileSync(join(dirname(pkg), 'dist/lightweight-charts.standalone.production.js'), 'utf8'),
      client: readFileSync(new URL('./reportClient.js', import.meta.url), 'utf8'),
    };
  }
  return inlined;
}

/**
 * One self-contained HTML page: headline cards, candlesticks with trade markers per market, equity
 * (and a line per strategy) and drawdown, the caller's metrics tables shown whole, and a trade list
 * that sorts and filters. Every text is escaped and the data travels as JSON that cannot close its
 * script element.
 */
export function renderReport(input: ReportInput): string {
  const markets = input.markets.map((m) => {
    const bars = downsampleBars(m.bars, MAX_POINTS);
    const trades = input.trades.filter((t) => t.market === m.symbol);
    return {
      symbol: m.symbol,
      bars: bars.map((b) => ({ ...b, time: Math.floor(b.time / 1000) })),
      markers: tradeMarkers(trades, bars),
    };
  });
  // The drawdown of every point, thinned afterwards: thinning first could skip the deepest one.
  const data = {
    markets,
    equity: toSeconds(downsamplePoints(input.equity, MAX_POINTS)),
    lines: (input.equityLines ?? []).map((l) => ({
      name: l.name,
      points: toSeconds(downsamplePoints(l.points, MAX_POINTS)),
    })),
    drawdown: toSeconds(downsamplePoints(drawdownOf(input.equity), MAX_POINTS)),
    intraday: input.intervalMs === undefined || input.intervalMs < DAY,
  };
  const { lib, client } = scripts();
  const lines = input.equityLines ?? [];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(input.title)}</title><style>${REPORT_CSS}</style></head>
<body><main>
<header><h1>${esc(input.title)}</h1><p>${esc(input.subtitle)}</p><p class="gen">${esc(input.generatedAt)}</p></header>
<div class="cards">${input.cards.map(card).join('')}</div>
${(input.notes ?? []).map((n) => `<p class="warn">${esc(n)}</p>`).join('\n')}
${markets.map((m, i) => priceSection(m.symbol, i)).join('\n')}
${input.equity.length > 0 ? `<section><h2>Equity</h2><div id="chart-equity" class="chart mid"></div>${lines.length > 0 ? `<div class="legend" id="equity-legend"><span><i style="background:#0f172a"></i>account</span>${lines.map((l, i) => `<span><i class="line-${i % 8}"></i>${esc(l.name)}</span>`).join('')}</div>` : ''}</section>\n<section><h2>Drawdown</h2><div id="chart-drawdown" class="chart small"></div></section>` : ''}
${input.tables.length > 0 ? `<div class="metrics">${input.tables.map(tableSection).join('\n')}</div>` : ''}
${tradesSection(input.trades)}
</main>
<script id="report-data" type="application/json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>
<script>${lib}</script>
<script>${client}</script>
</body></html>
`;
}

function card(c: ReportCard): string {
  const note = c.note === undefined ? '' : `<div class="sub">${esc(c.note)}</div>`;
  return `<div class="card"><div class="label">${esc(c.label)}</div><div class="value ${c.tone ?? 'neutral'}">${esc(c.value)}</div>${note}</div>`;
}

function priceSection(symbol: string, i: number): string {
  return `<section><h2>${esc(symbol)}: price and trades</h2><div id="chart-price-${i}" class="chart"></div>
<div class="legend"><span class="good">▲ long entry</span><span class="bad">▼ short entry</span><span>● exit (green: profit, red: loss)</span></div></section>`;
}

function tableSection(t: ReportTable): string {
  const head = t.columns.map((c) => `<th>${esc(c)}</th>`).join('');
  const rows = t.rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('');
  return `<section class="metric-table"><h2>${esc(t.title)}</h2><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></section>`;
}

function toSeconds(points: readonly ReportPoint[]): ReportPoint[] {
  const out: ReportPoint[] = [];
  for (const p of points) {
    const time = Math.floor(p.time / 1000);
    // The chart needs strictly increasing times: the last value of a second stands for it.
    const prev = out[out.length - 1];
    if (prev !== undefined && prev.time === time) out[out.length - 1] = { time, value: p.value };
    else out.push({ time, value: p.value });
  }
  return out;
}
