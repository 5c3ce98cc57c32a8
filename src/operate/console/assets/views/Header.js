// @ts-check
// Always on top: which bot, its trading state (a halt shows on every page), the push line, halt.
import { html } from '../lib/html.js';
import { HaltButton } from './HaltButton.js';

const LINE = { connecting: 'connecting…', live: 'live', lost: 'reconnecting…' };

/** @param {{ state: import('../lib/store.js').State, canAct: boolean, onLogout: () => void }} props */
export function Header({ state, canAct, onLogout }) {
  const bot = state.bot;
  const trading = bot?.tradingState;
  return html`<header class="top">
    <div class="who">
      <strong>${bot?.name ?? 'perpflow'}</strong>
      ${bot && html`<span class="tag">${bot.mode}</span>`}
      ${trading && html`<span class=${`tag state ${trading.toLowerCase()}`} id="trading-state" title=${bot?.stateReason ?? ''}>${trading}</span>`}
      <span class=${`line ${state.connection}`} id="connection">${LINE[state.connection]}</span>
    </div>
    <div class="row">
      <${HaltButton} tradingState=${trading} canAct=${canAct} />
      <span class="sub">${state.session?.user}</span>
      <button type="button" class="small" onClick=${onLogout}>Sign out</button>
    </div>
    ${trading === 'HALTED' && html`<div class="banner" role="alert">Halted${bot?.stateReason ? `: ${bot.stateReason}` : ''}</div>`}
  </header>`;
}
