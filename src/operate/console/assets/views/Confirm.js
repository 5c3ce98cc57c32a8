// @ts-check
// A modal question before an action that trades or stops trading.
import { html } from '../lib/html.js';

/**
 * @param {{ title: string, children?: any, confirmLabel: string, danger?: boolean,
 *   onConfirm: () => void, onCancel: () => void }} props
 */
export function Confirm({ title, children, confirmLabel, danger = false, onConfirm, onCancel }) {
  return html`<div class="overlay" role="dialog" aria-modal="true" aria-label=${title}>
    <div class="dialog">
      <h2>${title}</h2>
      ${children}
      <div class="row end">
        <button type="button" onClick=${onCancel}>Cancel</button>
        <button type="button" class=${danger ? 'danger' : 'primary'} onClick=${onConfirm}>${confirmLabel}</button>
      </div>
    </div>
  </div>`;
}
