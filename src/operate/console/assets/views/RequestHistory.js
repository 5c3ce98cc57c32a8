// @ts-check
// One request's whole journal history, read when the operator opens it: pushes carry each step
// alone, and a request opened mid-flight (or after a reconnect) may hold only the latest ones.
import { get } from '../lib/api.js';
import { clockTime } from '../lib/format.js';
import { html } from '../lib/html.js';
import { useEffect, useState } from '../vendor/preact-hooks.mjs';

/** @typedef {import('../../../api/contract.ts').RequestView} RequestView */

/** `status`: the latest the page heard (read again when it moves). @param {{ id: string, status: string | undefined }} props */
export function RequestHistory({ id, status }) {
  const [view, setView] = useState(/** @type {RequestView | null} */ (null));
  const [error, setError] = useState('');
  useEffect(() => {
    get(`/requests/${encodeURIComponent(id)}`).then(
      (v) => setView(/** @type {RequestView} */ (v)),
      (e) => setError(String(e.message ?? e)),
    );
  }, [id, status]);
  if (error !== '') return html`<p class="outcome bad">${error}</p>`;
  if (view === null) return html`<p class="sub">Reading its history…</p>`;
  return html`<ol class="list history" data-request=${id}>${view.history.map(
    (h) => html`<li><span class="sub">${clockTime(h.at)}</span> ${h.status}</li>`,
  )}</ol>`;
}
