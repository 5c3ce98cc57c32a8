// @ts-check
// Fills (pushed as they happen) and the bot's trades, each sortable, filterable, exportable.

import { get } from '../lib/api.js';
import { dateTime } from '../lib/format.js';
import { html } from '../lib/html.js';
import { useEffect, useState } from '../vendor/preact-hooks.mjs';
import { DataTable } from './DataTable.js';

/** @type {readonly import('./DataTable.js').Column[]} */
export const FILL_COLUMNS = [
  { key: 'at', label: 'Time', show: (r) => dateTime(Number(r.at)) },
  { key: 'market', label: 'Market' },
  { key: 'strategy', label: 'Strategy' },
  { key: 'action', label: 'Action' },
  { key: 'side', label: 'Side' },
  { key: 'quantity', label: 'Qty', num: true },
  { key: 'price', label: 'Price', num: true },
  { key: 'fee', label: 'Fee', num: true },
  { key: 'requestId', label: 'Request' },
];

/** Columns for the trades the server lists: whatever fields it sends, times shown as dates. @param {readonly Record<string, unknown>[]} rows */
function tradeColumns(rows) {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => {
    const v = rows[0]?.[k];
    return v === null || typeof v !== 'object';
  });
  return keys.map((key) => ({
    key,
    label: key,
    num: /price|qty|quantity|pnl|fee|funding/i.test(key),
    ...(/At$|^at$|time/i.test(key) ? { show: (/** @type {any} */ r) => dateTime(Number(r[key])) } : {}),
  }));
}

/** @param {{ fills: readonly import('../../../api/contract.ts').FillView[] }} props */
export function Trades({ fills }) {
  const [trades, setTrades] = useState(/** @type {readonly Record<string, unknown>[] | null} */ (null));
  useEffect(() => {
    get('/trades').then(
      (t) => setTrades(Array.isArray(t) ? t : []),
      () => setTrades([]),
    );
  }, [fills[0]?.id]);
  return html`<div class="page">
    <section class="card"><h2>Fills</h2>
      <${DataTable} id="fills" columns=${FILL_COLUMNS} rows=${/** @type {any} */ (fills)} csvName="fills.csv" initialSort="at" />
    </section>
    <section class="card"><h2>Trades</h2>
      ${
        trades === null
          ? html`<p class="empty">Loading…</p>`
          : trades.length === 0
            ? html`<p class="empty">No trade yet.</p>`
            : html`<${DataTable} id="trades" columns=${tradeColumns(trades)} rows=${trades} csvName="trades.csv" />`
      }
    </section>
  </div>`;
}
