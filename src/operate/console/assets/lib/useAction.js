// @ts-check
// Runs an operator action once per click (a fresh action id) and keeps its outcome to show.
import { useState } from '../vendor/preact-hooks.mjs';
import { newActionId } from './actionId.js';
import { act } from './api.js';

/** @typedef {import('../../../api/contract.ts').OperatorAction} OperatorAction */
/** @typedef {import('../../../api/contract.ts').ActionOutcome} ActionOutcome */
/** @typedef {OperatorAction extends infer A ? A extends OperatorAction ? Omit<A, 'actionId'> : never : never} ActionRequest */

export function useAction() {
  const [busy, setBusy] = useState(false);
  /** @type {[{ ok: boolean, text: string } | null, (o: { ok: boolean, text: string } | null) => void]} */
  const [result, setResult] = useState(/** @type {{ ok: boolean, text: string } | null} */ (null));
  /** @param {ActionRequest} request */
  const run = async (request) => {
    setBusy(true);
    setResult(null);
    try {
      const outcome = await act(/** @type {OperatorAction} */ ({ ...request, actionId: newActionId() }));
      setResult(describe(outcome));
    } catch (e) {
      setResult({ ok: false, text: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, result, run };
}

/** @param {ActionOutcome} o @returns {{ ok: boolean, text: string }} */
export function describe(o) {
  if (o.status === 'duplicate') return describe(o.first);
  if (o.status === 'refused') return { ok: false, text: `Refused: ${o.reason}` };
  const sent = o.requests.length > 0 ? ` (${o.requests.join(', ')})` : '';
  return { ok: true, text: `${o.detail ?? 'Accepted'}${sent}` };
}
