// @ts-check
// One market: its chart and its fills.
import { html } from '../lib/html.js';
import { Chart } from './Chart.js';
import { DataTable } from './DataTable.js';
import { FILL_COLUMNS } from './Trades.js';

/** @param {{ market: string, state: import('../lib/store.js').State }} props */
export function Market({ market, state }) {
  const fills = state.fills.filter((f) => f.market === market);
  return html`<div class="page">
    <section class="card"><h2>${market}</h2><${Chart} market=${market} fills=${fills} /></section>
    <section class="card"><h2>Fills</h2>
      <${DataTable} id="market-fills" columns=${FILL_COLUMNS} rows=${/** @type {any} */ (fills)}
        csvName=${`fills-${market}.csv`} initialSort="at" />
    </section>
  </div>`;
}
