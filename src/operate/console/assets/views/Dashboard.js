// @ts-check
// The first page: what the account is worth, what is open, what is in flight, what went wrong.
import { html } from '../lib/html.js';
import { Alerts } from './Alerts.js';
import { OpenRequests } from './OpenRequests.js';
import { Positions } from './Positions.js';
import { Stat } from './Stat.js';

/** @param {{ state: import('../lib/store.js').State, canAct: boolean }} props */
export function Dashboard({ state, canAct }) {
  const a = state.account;
  return html`<div class="page">
    <section class="stats" id="account">
      <${Stat} label="Equity" value=${a?.equity} />
      <${Stat} label="Realised" value=${a?.realised} signed />
      <${Stat} label="Unrealised" value=${a?.unrealised} signed />
      <${Stat} label="Fees" value=${a?.fees} />
      <${Stat} label="Funding" value=${a?.funding} signed />
    </section>
    <${Positions} positions=${state.positions} canAct=${canAct} />
    <${OpenRequests} requests=${state.requests} />
    <${Alerts} alerts=${state.alerts} />
  </div>`;
}
