// @ts-check
// Every operator action: who, from where, what, and what became of it.
import { dateTime } from '../lib/format.js';
import { html } from '../lib/html.js';
import { DataTable } from './DataTable.js';

/** @typedef {import('../../../api/contract.ts').AuditEntry} AuditEntry */

/** @param {import('../../../api/contract.ts').OperatorAction} a */
function target(a) {
  if ('market' in a) return a.market;
  if ('strategy' in a) return a.strategy;
  if ('requestId' in a) return a.requestId;
  if (a.kind === 'halt') return [a.closeAll ? 'close all' : '', a.reason ?? ''].filter(Boolean).join('; ');
  return '';
}

/** @param {import('../../../api/contract.ts').ActionOutcome} o @returns {string} */
function outcome(o) {
  if (o.status === 'duplicate') return `duplicate of ${outcome(o.first)}`;
  if (o.status === 'refused') return `refused: ${o.reason}`;
  return `accepted${o.requests.length ? ` ${o.requests.join(' ')}` : ''}`;
}

/** @type {readonly import('./DataTable.js').Column[]} */
const COLUMNS = [
  { key: 'at', label: 'Time', show: (r) => dateTime(Number(r.at)) },
  { key: 'user', label: 'User' },
  { key: 'via', label: 'Via' },
  { key: 'from', label: 'From' },
  { key: 'action', label: 'Action' },
  { key: 'target', label: 'Target' },
  { key: 'outcome', label: 'Outcome' },
];

/** @param {{ audit: readonly AuditEntry[] }} props */
export function Audit({ audit }) {
  const rows = audit.map((e) => ({
    at: e.at,
    user: e.actor.name,
    via: e.actor.via,
    from: e.actor.from,
    action: e.action.kind,
    target: target(e.action),
    outcome: outcome(e.outcome),
  }));
  return html`<div class="page"><section class="card"><h2>Audit log</h2>
    <${DataTable} id="audit" columns=${COLUMNS} rows=${rows} csvName="audit.csv" initialSort="at" />
  </section></div>`;
}
