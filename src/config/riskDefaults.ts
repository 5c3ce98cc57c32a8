import type { AccountLimitsConfig } from './schema.ts';
import { REQUIRED_LIVE_LIMITS, type RequiredLiveLimit } from './sections/risk.ts';

type Mode = 'live' | 'dry-run' | 'sim' | 'backtest';
type AccountDefaults = Readonly<Partial<Record<RequiredLiveLimit, number>>>;

/**
 * The paper account's limits (dry-run and sim): sized for the simulator account, and the values
 * config/default.yaml lists, so that file stays the reference.
 */
export const PAPER_ACCOUNT_LIMITS = {
  maxOpenPositions: 4,
  maxNotionalPerPosition: 1000,
  maxTotalNotional: 3000,
  maxLeverage: 5,
  maxIntentsPerMinute: 30,
  dailyLossLimit: 200,
  maxDrawdownPct: 10,
} as const satisfies AccountDefaults;

/**
 * The account limits a mode gives a key the file leaves out. Live: none (each is required).
 * Backtest: none either, so that no limit the user did not write truncates a result (as in
 * backtesting.py); absent limits are unlimited in the risk gate.
 */
export function accountDefaultsFor(mode: Mode): AccountDefaults {
  return mode === 'dry-run' || mode === 'sim' ? PAPER_ACCOUNT_LIMITS : {};
}

/** `account` with the mode's defaults for the keys it leaves out (explicit values always win). */
export function withAccountDefaults(account: AccountLimitsConfig, mode: Mode): AccountLimitsConfig {
  const defaults = accountDefaultsFor(mode);
  const merged: Partial<Record<RequiredLiveLimit, number>> = {};
  for (const key of REQUIRED_LIVE_LIMITS) {
    const value = account[key] ?? defaults[key];
    if (value !== undefined) merged[key] = value;
  }
  // A default per-position cap above an explicit total cap would contradict it: take the total.
  const { maxNotionalPerPosition: per, maxTotalNotional: total } = merged;
  if (account.maxNotionalPerPosition === undefined && per !== undefined && total !== undefined && per > total)
    merged.maxNotionalPerPosition = total;
  return { ...account, ...merged };
}
