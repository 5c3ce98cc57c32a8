// @ts-check
// The latest alerts, newest first.
import { clockTime } from '../lib/format.js';
import { html } from '../lib/html.js';

/** @param {{ alerts: readonly import('../../../api/contract.ts').AlertView[], limit?: number }} props */
export function Alerts({ alerts, limit = 10 }) {
  return html`<section class="card" id="alerts">
    <h2>Alerts</h2>
    ${
      alerts.length === 0
        ? html`<p class="empty">No alert.</p>`
        : html`<ul class="list">${alerts
            .slice(0, limit)
            .map(
              (a) => html`<li class=${`alert ${a.level}`}><time>${clockTime(a.at)}</time> ${a.text}</li>`,
            )}</ul>`
    }
  </section>`;
}
