// @ts-check
// Backtest reports and sweep heatmaps under var/reports/, newest first; each opens in a new tab.

import { API, get } from '../lib/api.js';
import { dateTime } from '../lib/format.js';
import { html } from '../lib/html.js';
import { useEffect, useState } from '../vendor/preact-hooks.mjs';

/** A listed report: a file name, or an object naming one (with its time and size when given). @param {any} r */
function read(r) {
  if (typeof r === 'string') return { name: r, at: null, size: null };
  return {
    name: String(r.name ?? r.file ?? ''),
    at: r.at ?? r.modifiedAt ?? r.mtime ?? null,
    size: r.size ?? null,
  };
}

export function Reports() {
  const [reports, setReports] = useState(/** @type {ReturnType<typeof read>[] | null} */ (null));
  const [error, setError] = useState('');
  useEffect(() => {
    get('/reports').then(
      (list) =>
        setReports(Array.isArray(list) ? list.map(read).sort((a, b) => (b.at ?? 0) - (a.at ?? 0)) : []),
      (e) => setError(String(e.message ?? e)),
    );
  }, []);
  return html`<div class="page"><section class="card" id="reports"><h2>Reports</h2>
    ${error && html`<p class="outcome bad">${error}</p>`}
    ${
      reports !== null &&
      (reports.length === 0
        ? html`<p class="empty">No report under var/reports/ yet.</p>`
        : html`<ul class="list">${reports.map(
            (
              r,
            ) => html`<li><a href=${`${API}/reports/${encodeURIComponent(r.name)}`} target="_blank" rel="noopener">${r.name}</a>
              ${r.at !== null && html` <span class="sub">${dateTime(Number(r.at))}</span>`}</li>`,
          )}</ul>`)
    }
  </section></div>`;
}
