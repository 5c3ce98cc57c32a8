// @ts-check
// Every bot on this host (the host registry): pick one to open its console.

import { get } from '../lib/api.js';
import { money, sign } from '../lib/format.js';
import { html } from '../lib/html.js';
import { useEffect, useState } from '../vendor/preact-hooks.mjs';

/** @typedef {import('../../../api/contract.ts').HostBotView} HostBotView */

/** @param {{ current: number | undefined }} props the pid of the bot serving this page */
export function Bots({ current }) {
  const [bots, setBots] = useState(/** @type {HostBotView[] | null} */ (null));
  const [error, setError] = useState('');
  useEffect(() => {
    get('/bots').then(
      (list) => setBots(Array.isArray(list) ? list : []),
      (e) => setError(String(e.message ?? e)),
    );
  }, []);
  return html`<div class="page"><section class="card" id="bots"><h2>Bots on this host</h2>
    ${error && html`<p class="outcome bad">${error}</p>`}
    ${
      bots === null
        ? !error && html`<p class="empty">Loading…</p>`
        : html`<div class="scroll"><table>
          <thead><tr><th>Name</th><th>Mode</th><th>State</th><th class="num">PnL</th><th></th></tr></thead>
          <tbody>${bots.map(
            (b) => html`<tr class=${b.pid === current ? 'current' : ''}>
              <td>${b.name}</td><td>${b.mode}</td><td>${b.tradingState?.toUpperCase() ?? '—'}</td>
              <td class=${`num ${sign(b.pnl) > 0 ? 'gain' : sign(b.pnl) < 0 ? 'loss' : ''}`}>${money(b.pnl)}</td>
              <td>${b.pid === current ? html`<span class="sub">this one</span>` : b.console && html`<a href=${b.console}>Open</a>`}</td>
            </tr>`,
          )}</tbody></table></div>`
    }
  </section></div>`;
}
