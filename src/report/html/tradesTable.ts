import { esc } from './escapeHtml.ts';
import type { ReportTrade } from './ReportInput.ts';

/** Rows of the trade list on the page; the JSON output carries every trade. */
const MAX_TRADE_ROWS = 2_000;

const COLUMNS = [
  'strategy',
  'market',
  'side',
  'quantity',
  'entry',
  'entry price',
  'exit',
  'exit price',
  'PnL',
];

function iso(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/:00\.000Z$/, 'Z')
    .replace(/\.000Z$/, 'Z');
}

export function fmt(n: number): string {
  return Number.isInteger(n) ? n.toString() : n.toPrecision(8).replace(/\.?0+$/, '');
}

/** A cell with its sort key: numbers and times sort by value, text by itself. */
function td(text: string, key: number | string, cls = ''): string {
  return `<td data-k="${esc(String(key))}"${cls === '' ? '' : ` class="${cls}"`}>${esc(text)}</td>`;
}

/**
 * The trade list: a filter box (matches any cell, e.g. "SHORT" or a date) and headers that sort
 * on click (`reportClient.js`); the rows scroll inside their box with the header kept in view.
 */
export function tradesSection(trades: readonly ReportTrade[]): string {
  if (trades.length === 0) return '<section><h2>Trades</h2><p class="note">No trades.</p></section>';
  const shown = trades.slice(0, MAX_TRADE_ROWS);
  const rows = shown
    .map((t) => {
      const tone = t.pnl === null ? '' : t.pnl > 0 ? 'good' : t.pnl < 0 ? 'bad' : '';
      return `<tr>${[
        td(t.strategy, t.strategy),
        td(t.market, t.market),
        td(t.side, t.side),
        td(fmt(t.quantity), t.quantity),
        td(iso(t.entryTime), t.entryTime),
        td(fmt(t.entryPrice), t.entryPrice),
        td(t.exitTime === null ? 'open' : iso(t.exitTime), t.exitTime ?? Number.MAX_SAFE_INTEGER),
        td(t.exitPrice === null ? '' : fmt(t.exitPrice), t.exitPrice ?? ''),
        td(t.pnl === null ? '' : fmt(t.pnl), t.pnl ?? '', tone),
      ].join('')}</tr>`;
    })
    .join('');
  const head = COLUMNS.map((c, i) => `<th data-col="${i}" title="sort by ${c}">${esc(c)}</th>`).join('');
  const more =
    trades.length > MAX_TRADE_ROWS
      ? `<p class="note">The first ${MAX_TRADE_ROWS} of ${trades.length} trades; --json has them all.</p>`
      : '';
  return `<section id="trades"><h2>Trades (${trades.length})</h2>
<div class="filter"><input id="trade-filter" type="search" placeholder="filter: SHORT, a market, 2012-05…" aria-label="filter trades"><span id="trade-count" class="note"></span></div>
<div class="scroll"><table id="trade-table"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>${more}</section>`;
}
