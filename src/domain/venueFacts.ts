import { SolverId } from './ids.ts';
import { dec } from './money.ts';

/**
 * Facts about the venue that both sides of the wire must agree on: the client and executor
 * (which compute fees and defaults) and the simulator (which charges them). One copy, so a
 * change of venue economics is one edit. Values from venue-contract.md (public figures).
 */
export const VenueFacts = {
  /** Arbitrum One, where the public service's subaccounts live. */
  defaultChainId: 42161,
  defaultSolver: SolverId('PERPS_HUB'),
  rwaSolver: SolverId('NOXRWA'),
  /** Charged by the platform on open and on close, as a fraction of notional (0.03 %). */
  platformFeeRate: dec('0.0003'),
} as const;
