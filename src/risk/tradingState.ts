import type { Intent } from '../domain/intent.ts';

/**
 * Whether new exposure may be taken (NautilusTrader's TradingState). `reducing` and `halted`
 * both refuse opens; `halted` is the latched kill-switch state that only a person resets.
 */
export const TradingState = { active: 'active', reducing: 'reducing', halted: 'halted' } as const;
export type TradingState = (typeof TradingState)[keyof typeof TradingState];
export const TRADING_STATES: readonly TradingState[] = Object.values(TradingState);

/** What a 403 can take away, one permission family each. */
export const Capability = { open: 'open', close: 'close', cancel: 'cancel', read: 'read' } as const;
export type Capability = (typeof Capability)[keyof typeof Capability];

/** The permission an intent needs: opens open, cancels cancel, everything else closes. */
export function capabilityOf(intent: Intent): Capability {
  if (intent.kind === 'open') return Capability.open;
  if (intent.kind === 'cancel') return Capability.cancel;
  return Capability.close;
}
