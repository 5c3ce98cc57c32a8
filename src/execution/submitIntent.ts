import type { Intent } from '../domain/intent.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import { DenialReason } from '../risk/denialReason.ts';
import type { ExposureView, RiskGate } from '../risk/RiskGate.ts';
import { isLegOfDeniedOpen, noteDeniedOpen } from './deniedOpens.ts';
import { duplicateOf } from './duplicateOf.ts';
import type { ExecutionCore } from './ExecutionCore.ts';
import { buildRequest } from './requestBuilder.ts';
import { sendCloseAll } from './send.ts';
import type { SubmitResult } from './submitResult.ts';

/** What submitting an intent reads of the executor. */
export interface SubmitHost {
  readonly core: ExecutionCore;
  readonly journal: JournalPort;
  readonly gate: RiskGate;
  /** False once the executor stopped or began to drain. */
  accepting(): boolean;
  /** True once the start-up reconciliation has finished. */
  reconciled(): boolean;
  exposureView(): ExposureView;
}

/**
 * An intent through the duplicate checks, the gate and the build to the insert queue. Not an
 * async function: the accepted path hands back the insert's own promise, where an async wrapper
 * would add a promise and two microtask hops to every round trip. A throw still reaches the
 * caller as a rejection.
 */
export function submitIntent(h: SubmitHost, intent: Intent): Promise<SubmitResult> {
  try {
    return submitNow(h, intent);
  } catch (e) {
    return Promise.reject(e);
  }
}

/** A refusal before anything is journaled: an event and the answer. */
function denied(h: SubmitHost, intent: Intent, reason: DenialReason, message: string): Promise<SubmitResult> {
  h.core.emit({ type: 'intentDenied', intent, reason, message });
  noteDeniedOpen(h.core, intent);
  return Promise.resolve({ status: 'denied', reason, message });
}

function submitNow(h: SubmitHost, intent: Intent): Promise<SubmitResult> {
  const core = h.core;
  if (!h.accepting()) return denied(h, intent, DenialReason.TRADING_HALTED, 'the executor is stopping');
  if (isLegOfDeniedOpen(h.core, intent))
    return Promise.resolve({
      status: 'denied',
      reason: DenialReason.UNKNOWN_POSITION,
      message: 'the open this TP/SL belongs to was denied',
    });
  // Synchronous from the duplicate checks to the insert queue: no await may split them.
  const journaled = h.journal.byIntent(intent.intentId);
  const duplicate = duplicateOf(journaled, core.book.queuedFor(intent.intentId));
  if (duplicate !== undefined) {
    core.emit({ type: 'intentDuplicate', intentId: intent.intentId });
    return Promise.resolve({ status: 'duplicate', clientRequestIds: duplicate });
  }
  if (!h.reconciled())
    return denied(h, intent, DenialReason.NOT_RECONCILED, 'start-up reconciliation has not finished');
  if (intent.kind === 'closeAll')
    return sendCloseAll(core, intent.intentId, intent.strategyId).then(() => ({
      status: 'accepted',
      clientRequestIds: [],
    }));
  const spec = core.markets.get(intent.symbol);
  if (spec === undefined)
    return denied(h, intent, DenialReason.UNSUPPORTED, `unknown market ${intent.symbol}`);
  const denial = h.gate.check(intent, h.exposureView());
  if (denial !== undefined) return denied(h, intent, denial.reason, denial.message);
  const built = buildRequest(core, intent, spec, journaled.length);
  if (!('clientRequestId' in built)) return denied(h, intent, built.reason, built.message);
  return core.book.insert(built, intent);
}
