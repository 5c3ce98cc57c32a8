// @ts-check
// Halt (with confirmation, optionally closing every position) or resume; the latched state shows
// in the header whatever page is open.

import { html } from '../lib/html.js';
import { useAction } from '../lib/useAction.js';
import { useState } from '../vendor/preact-hooks.mjs';
import { Confirm } from './Confirm.js';
import { Outcome } from './Outcome.js';

/** @param {{ tradingState: string | undefined, canAct: boolean }} props */
export function HaltButton({ tradingState, canAct }) {
  const [asking, setAsking] = useState(false);
  const [closeAll, setCloseAll] = useState(false);
  const [reason, setReason] = useState('');
  const { busy, result, run } = useAction();
  if (!canAct) return null;
  if (tradingState === 'HALTED')
    return html`<span class="halt">
      <button type="button" disabled=${busy} onClick=${() => run({ kind: 'resume' })}>Resume</button>
      <${Outcome} result=${result} />
    </span>`;
  const halt = () => {
    setAsking(false);
    run({ kind: 'halt', closeAll, ...(reason.trim() ? { reason: reason.trim() } : {}) });
  };
  return html`<span class="halt">
    <button type="button" class="danger" disabled=${busy} onClick=${() => setAsking(true)}>Halt</button>
    <${Outcome} result=${result} />
    ${
      asking &&
      html`<${Confirm} title="Halt trading?" confirmLabel="Halt" danger onConfirm=${halt} onCancel=${() => setAsking(false)}>
        <p>No strategy opens anything until you resume. Requests already sent still settle.</p>
        <label class="check"><input type="checkbox" checked=${closeAll}
          onChange=${(/** @type {any} */ e) => setCloseAll(e.currentTarget.checked)} /> Also close every position</label>
        <label>Reason <input value=${reason} onInput=${(/** @type {any} */ e) => setReason(e.currentTarget.value)} /></label>
      <//>`
    }
  </span>`;
}
