import type { IntentId } from '../domain/ids.ts';
import type { Intent } from '../domain/intent.ts';

/**
 * Opens refused before anything was journaled, per executor, kept until the TP/SL leg that
 * follows such an open (toDomainIntents: leg 1 names leg 0 by intent id) comes in. That leg
 * has nothing to attach to, and its strategy already heard the open's denial: it is answered
 * without an event of its own, so a log shows one denial, not a second `setTpSl …
 * UNKNOWN_POSITION` line. Bounded: a leg never submitted must not grow it forever.
 */
const LIMIT = 1_024;
const byCore = new WeakMap<object, Set<IntentId>>();

export function noteDeniedOpen(core: object, intent: Intent): void {
  if (intent.kind !== 'open') return;
  const denied = byCore.get(core) ?? new Set<IntentId>();
  byCore.set(core, denied);
  denied.add(intent.intentId);
  if (denied.size > LIMIT) {
    const oldest = denied.values().next().value;
    if (oldest !== undefined) denied.delete(oldest);
  }
}

/** Whether `intent` is the TP/SL leg of an open that was denied (and forgets that open). */
export function isLegOfDeniedOpen(core: object, intent: Intent): boolean {
  if (intent.kind !== 'setTpSl' || intent.position.by !== 'intent') return false;
  return byCore.get(core)?.delete(intent.position.intentId) === true;
}
