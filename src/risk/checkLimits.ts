import type { StrategyId } from '../domain/ids.ts';
import type { Intent } from '../domain/intent.ts';
import { type Denial, DenialReason } from './denialReason.ts';
import type { LimitSet } from './limits.ts';
import type { ExposureView } from './RiskGate.ts';

/** The open-position, leverage and notional limits of one scope (the account, or one strategy). */
export function checkLimits(
  intent: Extract<Intent, { kind: 'open' }>,
  exposure: ExposureView,
  limits: LimitSet | undefined,
  scope: string,
  strategy: StrategyId | undefined,
): Denial | undefined {
  if (limits === undefined) return undefined;
  if (limits.maxLeverage !== undefined && intent.leverage > limits.maxLeverage)
    return {
      reason: DenialReason.MAX_LEVERAGE,
      message: `${scope} leverage ${intent.leverage} > ${limits.maxLeverage}`,
    };
  if (
    limits.maxOpenPositions !== undefined &&
    exposure.openPositions(strategy) + 1 > limits.maxOpenPositions
  ) {
    const all = exposure.openPositions(strategy);
    const inFlight = exposure.inFlightOpens(strategy);
    return {
      reason: DenialReason.MAX_OPEN_POSITIONS,
      message: `${scope}: ${all} open or opening (${all - inFlight} open, ${inFlight} in flight), max ${limits.maxOpenPositions}`,
    };
  }
  if (limits.maxNotionalPerPosition === undefined && limits.maxTotalNotional === undefined) return undefined;
  const price = intent.limitPrice ?? exposure.markPrice(intent.symbol);
  if (price === undefined)
    return {
      reason: DenialReason.NO_PRICE,
      message: `no price for ${intent.symbol} to check notional limits`,
    };
  const notional = intent.quantity.times(price);
  if (limits.maxNotionalPerPosition !== undefined && notional.greaterThan(limits.maxNotionalPerPosition))
    return {
      reason: DenialReason.MAX_NOTIONAL_PER_POSITION,
      message: `${scope} notional ${notional.toFixed(2)} > ${limits.maxNotionalPerPosition.toString()}`,
    };
  if (limits.maxTotalNotional !== undefined) {
    const total = exposure.notional(strategy).plus(notional);
    if (total.greaterThan(limits.maxTotalNotional))
      return {
        reason: DenialReason.MAX_TOTAL_NOTIONAL,
        message: `${scope} total notional ${total.toFixed(2)} > ${limits.maxTotalNotional.toString()}`,
      };
  }
  return undefined;
}
