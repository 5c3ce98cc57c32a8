// @ts-check
// One figure on the dashboard: a label over a value, coloured by its sign when asked.
import { money, sign } from '../lib/format.js';
import { html } from '../lib/html.js';

/** @param {{ label: string, value: string | null | undefined, signed?: boolean }} props */
export function Stat({ label, value, signed = false }) {
  const s = signed ? sign(value) : 0;
  const cls = s > 0 ? 'gain' : s < 0 ? 'loss' : '';
  return html`<div class="stat" data-stat=${label.toLowerCase()}>
    <div class="label">${label}</div>
    <div class=${`value ${cls}`}>${money(value)}</div>
  </div>`;
}
