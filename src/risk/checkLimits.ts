import { exactNumber } from '../domain/exactNumber.ts';
import type { StrategyId } from '../domain/ids.ts';
import type { Intent } from '../domain/intent.ts';
import { type Denial, DenialReason } from './denialReason.ts';
import type { LimitSet } from './limits.ts';
import type { ExposureView } from './RiskGate.ts';

/**
 * Below this share of a limit, floats decide: each float here is within 1e-13 of its exact value
 * (a product or a sum of positive terms rounds once a step), a billion times inside the margin.
 */
const CLEAR_BELOW = 1 - 1e-9;

/**
 * True when the intent's notional, and the scope's total with it, are so far under their limits
 * that the floats decide it: no Decimal made. Anything near a limit, a price not known as a float,
 * or a negative term goes to the exact check, which also words every denial.
 */
function clearOfNotionalLimits(
  intent: Extract<Intent, { kind: 'open' }>,
  exposure: ExposureView,
  limits: LimitSet,
  strategy: StrategyId | undefined,
): boolean {
  const approx = exposure.approx;
  if (approx === undefined) return false;
  const price = intent.limitPrice !== undefined ? exactNumber(intent.limitPrice) : approx.mark(intent.symbol);
  if (price === undefined || !(price > 0)) return false;
  const notional = exactNumber(intent.quantity) * price;
  if (!(notional >= 0)) return false;
  const per = limits.maxNotionalPerPosition;
  if (per !== undefined && !(notional < exactNumber(per) * CLEAR_BELOW)) return false;
  const cap = limits.maxTotalNotional;
  if (cap === undefined) return true;
  const total = approx.notional(strategy);
  return total !== undefined && total + notional < exactNumber(cap) * CLEAR_BELOW;
}

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
  if (clearOfNotionalLimits(intent, exposure, limits, strategy)) return undefined;
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
