// @ts-check
// A table the user can filter (text anywhere in a row), sort (click a header; again to reverse)
// and export as CSV, as shown.

import { download, toCsv } from '../lib/csv.js';
import { html } from '../lib/html.js';
import { useState } from '../vendor/preact-hooks.mjs';

/** @typedef {Readonly<Record<string, unknown>>} Row */
/** @typedef {{ key: string, label: string, num?: boolean, show?: (row: Row) => any }} Column */

/** @param {unknown} a @param {unknown} b */
function compare(a, b) {
  const x = Number(a);
  const y = Number(b);
  if (a !== '' && b !== '' && !Number.isNaN(x) && !Number.isNaN(y)) return x - y;
  return String(a ?? '').localeCompare(String(b ?? ''));
}

/** @param {{ id: string, columns: readonly Column[], rows: readonly Row[], csvName: string, initialSort?: string }} props */
export function DataTable({ id, columns, rows, csvName, initialSort }) {
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState({ key: initialSort ?? columns[0]?.key ?? '', desc: true });
  const needle = filter.trim().toLowerCase();
  const shown = rows
    .filter(
      (r) =>
        needle === '' ||
        columns.some((c) =>
          String(r[c.key] ?? '')
            .toLowerCase()
            .includes(needle),
        ),
    )
    .sort((a, b) => (sort.desc ? -1 : 1) * compare(a[sort.key], b[sort.key]));
  const by = (/** @type {string} */ key) => setSort({ key, desc: sort.key === key ? !sort.desc : false });
  const csv = () =>
    download(
      csvName,
      toCsv(
        columns.map((c) => c.key),
        shown,
      ),
    );
  return html`<div class="table" id=${id}>
    <div class="row">
      <input type="search" placeholder="Filter" aria-label="Filter" value=${filter}
        onInput=${(/** @type {any} */ e) => setFilter(e.currentTarget.value)} />
      <span class="sub">${shown.length} of ${rows.length}</span>
      <button type="button" class="small" onClick=${csv}>CSV</button>
    </div>
    <div class="scroll"><table>
      <thead><tr>${columns.map(
        (c) =>
          html`<th class=${c.num ? 'num sortable' : 'sortable'} aria-sort=${
            sort.key === c.key ? (sort.desc ? 'descending' : 'ascending') : 'none'
          } onClick=${() => by(c.key)}>${c.label}${sort.key === c.key ? (sort.desc ? ' ▾' : ' ▴') : ''}</th>`,
      )}</tr></thead>
      <tbody>${shown.map(
        (r) =>
          html`<tr>${columns.map((c) => html`<td class=${c.num ? 'num' : ''}>${c.show ? c.show(r) : String(r[c.key] ?? '')}</td>`)}</tr>`,
      )}</tbody>
    </table></div>
  </div>`;
}
