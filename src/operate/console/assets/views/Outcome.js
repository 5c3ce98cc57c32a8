// @ts-check
// What became of the last action, beside its button.
import { html } from '../lib/html.js';

/** @param {{ result: { ok: boolean, text: string } | null }} props */
export function Outcome({ result }) {
  if (result === null) return null;
  return html`<span class=${result.ok ? 'outcome ok' : 'outcome bad'} role="status">${result.text}</span>`;
}
