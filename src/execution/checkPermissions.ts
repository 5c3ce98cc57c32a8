import { AuthError, PermissionError } from '../errors/venueErrors.ts';
import { describeError } from '../log/redact.ts';
import type { RiskGate } from '../risk/RiskGate.ts';
import type { Capability } from '../risk/tradingState.ts';
import type { VenuePort } from '../venue/VenuePort.ts';
import type { AlertSeverity } from './events.ts';

const NEEDED: readonly (readonly [Capability, string])[] = [
  ['open', 'OPEN_POSITION'],
  ['close', 'CLOSE_POSITION'],
  ['cancel', 'CANCEL_POSITION'],
  ['read', 'VIEW_DETAILS'],
];

/**
 * Start-up permission check (scenario 11): list-permissions for this key; each missing
 * permission halts its capability, a restored one clears the halt; an invalid key halts all.
 */
export async function checkPermissions(
  venue: VenuePort,
  gate: RiskGate,
  alert: (severity: AlertSeverity, code: string, message: string) => void,
): Promise<void> {
  try {
    const p = await venue.listPermissions();
    if (!p.isValid) {
      gate.authFailure('list-permissions says the key is not valid');
      return;
    }
    const mine = p.subaccounts.find((s) => s.subaccount === venue.subaccount && s.chainId === venue.chainId);
    const perms = new Set<string>(mine?.permissions ?? []);
    const has = (x: string): boolean => perms.has('ALL') || perms.has(x);
    for (const [cap, perm] of NEEDED) {
      if (!has(perm)) gate.haltCapability(cap, `the key lacks ${perm} on this subaccount`);
      else if (gate.capabilityHalted(cap) !== undefined) gate.clearCapability(cap);
    }
  } catch (e) {
    if (e instanceof AuthError) gate.authFailure(describeError(e));
    else if (e instanceof PermissionError)
      alert('warning', 'PERMISSION', `list-permissions refused: ${describeError(e)}`);
    else alert('warning', 'PERMISSION_CHECK', `list-permissions failed: ${describeError(e)}`);
  }
}
