// @ts-check
// Every bot on this host (the host registry): pick one to open its console.

import { get } from '../lib/api.js';
import { money, sign } from '../lib/format.js';
import { html } from '../lib/html.js';
import { useEffect, useState } from '../vendor/preact-hooks.mjs';

/**
 * A bot as GET /bots lists it. The contract names the fields (name, mode, state, PnL, console URL)
 * but not their keys, so each is read from the likely names.
 * @param {Record<string, any>} b
 */
function read(b) {
  return {
    name: String(b.name ?? ''),
    mode: String(b.mode ?? ''),
    state: String(b.state ?? b.tradingState ?? ''),
    pnl: b.pnl ?? b.PnL ?? b.realised ?? null,
    url: [b.console, b.url, b.consoleUrl].find((u) => typeof u === 'string') ?? null,
  };
}

/** @param {{ current: string | undefined }} props */
export function Bots({ current }) {
  const [bots, setBots] = useState(/** @type {ReturnType<typeof read>[] | null} */ (null));
  const [error, setError] = useState('');
  useEffect(() => {
    get('/bots').then(
      (list) => setBots(Array.isArray(list) ? list.map(read) : []),
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
            (b) => html`<tr class=${b.name === current ? 'current' : ''}>
              <td>${b.name}</td><td>${b.mode}</td><td>${b.state}</td>
              <td class=${`num ${sign(b.pnl) > 0 ? 'gain' : sign(b.pnl) < 0 ? 'loss' : ''}`}>${money(b.pnl)}</td>
              <td>${b.name === current ? html`<span class="sub">this one</span>` : b.url && html`<a href=${b.url}>Open</a>`}</td>
            </tr>`,
          )}</tbody></table></div>`
    }
  </section></div>`;
}
