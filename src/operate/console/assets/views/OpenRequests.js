// @ts-check
// Requests not settled yet, oldest first, with their age: a stuck one stands out. Opening one
// (its id) shows its whole history, read from the API then.
import { age, clockTime } from '../lib/format.js';
import { html } from '../lib/html.js';
import { SETTLED } from '../lib/settled.js';
import { useNow } from '../lib/useNow.js';
import { useState } from '../vendor/preact-hooks.mjs';
import { RequestHistory } from './RequestHistory.js';

/** @typedef {import('../../../api/contract.ts').RequestView} RequestView */

/** @param {{ requests: Readonly<Record<string, RequestView>> }} props */
export function OpenRequests({ requests }) {
  const now = useNow(1000);
  const [opened, setOpened] = useState(/** @type {string | null} */ (null));
  const open = Object.values(requests)
    .filter((r) => !SETTLED.has(r.status))
    .sort((a, b) => a.createdAt - b.createdAt);
  return html`<section class="card" id="requests">
    <h2>Open requests</h2>
    ${
      open.length === 0
        ? html`<p class="empty">None in flight.</p>`
        : html`<div class="scroll"><table>
          <thead><tr><th>Age</th><th>Request</th><th class="wide">Kind</th><th>Market</th><th>Status</th></tr></thead>
          <tbody>${open.map(
            (
              r,
            ) => html`<tr data-request=${r.id}><td class="num" title=${clockTime(r.createdAt)}>${age(now - r.createdAt)}</td>
              <td><button type="button" class="small" aria-expanded=${opened === r.id}
                onClick=${() => setOpened(opened === r.id ? null : r.id)}><code>${r.id}</code></button>
                <div class="sub">${r.strategy}</div></td><td class="wide">${r.kind}</td>
              <td>${r.market}</td><td>${r.status}</td></tr>`,
          )}</tbody></table></div>`
    }
    ${opened !== null && html`<h3>History of <code>${opened}</code></h3><${RequestHistory} id=${opened} status=${requests[opened]?.status} />`}
  </section>`;
}
