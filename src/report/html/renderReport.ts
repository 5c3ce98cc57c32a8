import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { downsampleBars, downsamplePoints, drawdownOf } from './downsample.ts';
import type { ReportInput, ReportPoint, ReportTable, ReportTrade } from './ReportInput.ts';
import { REPORT_CSS } from './reportStyle.ts';
import { tradeMarkers } from './tradeMarkers.ts';

/** Candles and line points drawn per chart: beyond this a browser slows down and the eye sees no more. */
const MAX_POINTS = 4_000;
/** Rows of the trade list on the page; the JSON output carries every trade. */
const MAX_TRADE_ROWS = 500;

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
 * and drawdown, the caller's metrics tables and the trade list. Every text is escaped and the data
 * travels as JSON that cannot close its script element.
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
  const equity = downsamplePoints(input.equity, MAX_POINTS);
  const data = { markets, equity: toSeconds(equity), drawdown: toSeconds(drawdownOf(equity)) };
  const { lib, client } = scripts();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(input.title)}</title><style>${REPORT_CSS}</style></head>
<body><main>
<header><h1>${esc(input.title)}</h1><p>${esc(input.subtitle)}</p><p class="gen">${esc(input.generatedAt)}</p></header>
<div class="cards">${input.cards.map((c) => `<div class="card"><div class="label">${esc(c.label)}</div><div class="value ${c.tone ?? 'neutral'}">${esc(c.value)}</div></div>`).join('')}</div>
${markets.map((m, i) => priceSection(m.symbol, i)).join('\n')}
${input.equity.length > 0 ? `<section><h2>Equity</h2><div id="chart-equity" class="chart small"></div></section>\n<section><h2>Drawdown</h2><div id="chart-drawdown" class="chart small"></div></section>` : ''}
${input.tables.map(tableSection).join('\n')}
${tradesSection(input.trades)}
</main>
<script id="report-data" type="application/json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>
<script>${lib}</script>
<script>${client}</script>
</body></html>
`;
}

function priceSection(symbol: string, i: number): string {
  return `<section><h2>${esc(symbol)}: price and trades</h2><div id="chart-price-${i}" class="chart"></div>
<div class="legend"><span class="good">▲ long entry</span><span class="bad">▼ short entry</span><span>● exit (green: profit, red: loss)</span></div></section>`;
}

function tableSection(t: ReportTable): string {
  const head = t.columns.map((c) => `<th>${esc(c)}</th>`).join('');
  const rows = t.rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('');
  return `<section><h2>${esc(t.title)}</h2><div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div></section>`;
}

function tradesSection(trades: readonly ReportTrade[]): string {
  if (trades.length === 0) return '<section><h2>Trades</h2><p class="note">No trades.</p></section>';
  const shown = trades.slice(0, MAX_TRADE_ROWS);
  const rows = shown.map((t) => [
    t.strategy,
    t.market,
    t.side,
    fmt(t.quantity),
    iso(t.entryTime),
    fmt(t.entryPrice),
    t.exitTime === null ? 'open' : iso(t.exitTime),
    t.exitPrice === null ? '' : fmt(t.exitPrice),
    t.pnl === null ? '' : fmt(t.pnl),
  ]);
  const table = tableSection({
    title: `Trades (${trades.length})`,
    columns: ['strategy', 'market', 'side', 'quantity', 'entry', 'entry price', 'exit', 'exit price', 'PnL'],
    rows,
  });
  return trades.length > MAX_TRADE_ROWS
    ? table.replace(
        /<\/section>$/,
        `<p class="note">The first ${MAX_TRADE_ROWS} of ${trades.length} trades; --json has them all.</p></section>`,
      )
    : table;
}

function toSeconds(points: readonly ReportPoint[]): ReportPoint[] {
  const out: ReportPoint[] = [];
  for (const p of points) {
    const time = Math.floor(p.time / 1000);
    // The chart needs strictly increasing times: the last value of a second stands for it.
    if (out.length > 0 && (out[out.length - 1] as ReportPoint).time === time)
      out[out.length - 1] = { time, value: p.value };
    else out.push({ time, value: p.value });
  }
  return out;
}

function iso(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/:00\.000Z$/, 'Z')
    .replace(/\.000Z$/, 'Z');
}

function fmt(n: number): string {
  return Number.isInteger(n) ? n.toString() : n.toPrecision(8).replace(/\.?0+$/, '');
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESC[c] as string);
}
