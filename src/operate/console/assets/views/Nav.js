// @ts-check
// The pages, and one link per market the bot trades or holds.
import { html } from '../lib/html.js';
import { href } from '../lib/route.js';

const PAGES = [
  ['dashboard', 'Dashboard'],
  ['strategies', 'Strategies'],
  ['trades', 'Trades'],
  ['audit', 'Audit'],
  ['bots', 'Bots'],
  ['reports', 'Reports'],
];

/** @param {{ route: readonly string[], state: import('../lib/store.js').State }} props */
export function Nav({ route, state }) {
  const markets = [
    ...new Set([
      ...Object.values(state.strategies).flatMap((s) => s.markets),
      ...state.positions.map((p) => p.market),
    ]),
  ].sort();
  const here = (/** @type {string[]} */ ...p) => (p.every((x, i) => route[i] === x) ? 'page' : undefined);
  return html`<nav class="nav">
    ${PAGES.map(([id = '', label]) => html`<a href=${href(id)} aria-current=${here(id)}>${label}</a>`)}
    ${markets.map((m) => html`<a href=${href('market', m)} aria-current=${here('market', m)}>${m}</a>`)}
  </nav>`;
}
