// @ts-check
// Open positions, each with a close button (asks first).

import { money, sign } from '../lib/format.js';
import { html } from '../lib/html.js';
import { href } from '../lib/route.js';
import { useAction } from '../lib/useAction.js';
import { useState } from '../vendor/preact-hooks.mjs';
import { Confirm } from './Confirm.js';
import { Outcome } from './Outcome.js';

/** @typedef {import('../../../api/contract.ts').PositionView} PositionView */

/** @param {{ positions: readonly PositionView[], canAct: boolean }} props */
export function Positions({ positions, canAct }) {
  const [closing, setClosing] = useState(/** @type {PositionView | null} */ (null));
  const { busy, result, run } = useAction();
  const close = () => {
    if (closing) run({ kind: 'close', market: closing.market });
    setClosing(null);
  };
  return html`<section class="card" id="positions">
    <h2>Positions <${Outcome} result=${result} /></h2>
    ${
      positions.length === 0
        ? html`<p class="empty">No open position.</p>`
        : html`<div class="scroll"><table>
          <thead><tr><th>Market</th><th class="wide">Side</th><th class="num">Qty</th><th class="num wide">Entry</th>
            <th class="num wide">Mark</th><th class="num">Unrealised</th><th class="wide">TP / SL</th><th></th></tr></thead>
          <tbody>${positions.map(
            (p) => html`<tr data-market=${p.market}>
              <td><a href=${href('market', p.market)}>${p.market}</a><div class="sub">${p.strategy}<span class="narrow"> · ${p.side}</span></div>
                ${p.unprotected ? html`<span class="tag warn">unprotected</span>` : ''}</td>
              <td class=${p.side === 'LONG' ? 'gain wide' : 'loss wide'}>${p.side}</td>
              <td class="num">${p.quantity}</td>
              <td class="num wide">${p.entryPrice}</td>
              <td class="num wide">${p.mark ?? '—'}</td>
              <td class=${`num ${sign(p.unrealised) > 0 ? 'gain' : sign(p.unrealised) < 0 ? 'loss' : ''}`}>${money(p.unrealised)}</td>
              <td class="wide">${p.takeProfit ?? '—'} / ${p.stopLoss ?? '—'}</td>
              <td>${canAct && html`<button type="button" class="small" disabled=${busy} onClick=${() => setClosing(p)}>Close</button>`}</td>
            </tr>`,
          )}</tbody></table></div>`
    }
    ${
      closing &&
      html`<${Confirm} title=${`Close ${closing.market}?`} confirmLabel="Close position" danger
        onConfirm=${close} onCancel=${() => setClosing(null)}>
        <p>${closing.side} ${closing.quantity} ${closing.market} (${closing.strategy}) closes at the venue's quote.</p>
      <//>`
    }
  </section>`;
}
