import type { RiskGate } from '../risk/RiskGate.ts';

/** Gates whose 401 has had its one confirmatory read. */
const confirmed = new WeakSet<object>();

export type AuthReadDecision = 'read' | 'confirm' | 'hold';

/**
 * The 401 policy (issue #14): after the key is rejected, exactly one more venue read confirms
 * it; then nothing is read until the operator acts. Reading on with a rejected key every period
 * (21 positions reads in 10 minutes before) only fills the venue's failed-auth log and can get a
 * key or an address blocked. A rotated key is never picked up by retrying: the operator restarts
 * with it and runs `perpflow resume`; `resume` clears the gate's auth failure and reads start again.
 */
export function authReadDecision(gate: Pick<RiskGate, 'authBroken'>): AuthReadDecision {
  if (!gate.authBroken) {
    confirmed.delete(gate);
    return 'read';
  }
  if (confirmed.has(gate)) return 'hold';
  confirmed.add(gate);
  return 'confirm';
}
