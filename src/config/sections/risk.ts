import { z } from 'zod';
import { integer, millis, percent, positiveInt, positiveNumber } from '../primitives.ts';

/** The limits that apply per strategy as well as to the whole account. */
const sharedLimits = {
  maxOpenPositions: positiveInt(1000).describe('Most positions open at once.'),
  maxNotionalPerPosition: positiveNumber().describe('Largest notional of one position, in collateral (USD).'),
  maxTotalNotional: positiveNumber().describe('Largest total open notional, in collateral (USD).'),
  maxLeverage: integer(1, 100, 'a leverage').describe('Highest leverage an intent may ask for (1 to 100).'),
  maxIntentsPerMinute: positiveInt(10_000).describe('Intents beyond this rate are denied, not queued.'),
} as const;

/**
 * Every account limit, as the YAML names it. None is required by the schema: dry-run, sim and
 * backtest default them by mode (riskDefaults.ts), and live requires each of
 * REQUIRED_LIVE_LIMITS explicitly (crossFieldChecks.ts).
 */
export const accountLimitsShape = {
  ...sharedLimits,
  dailyLossLimit: positiveNumber().describe(
    'Realised + unrealised loss in a UTC day that halts trading (USD).',
  ),
  maxDrawdownPct: percent().describe('Drawdown from the equity peak, in percent, that halts trading.'),
  maxUnknownOutcomes: z
    .strictObject({
      count: positiveInt(1000).describe('Unknown outcomes that halt trading…'),
      windowMs: millis(1000, 86_400_000).describe('…within this window.'),
    })
    .optional()
    .describe('A burst of requests with unknown outcome halts trading (off when absent).'),
} as const;

/** The limits live trading refuses to start without: perpflow does not guess how much you can lose. */
export const REQUIRED_LIVE_LIMITS = [
  'maxOpenPositions',
  'maxNotionalPerPosition',
  'maxTotalNotional',
  'maxLeverage',
  'maxIntentsPerMinute',
  'dailyLossLimit',
  'maxDrawdownPct',
] as const satisfies readonly (keyof typeof accountLimitsShape)[];
export type RequiredLiveLimit = (typeof REQUIRED_LIVE_LIMITS)[number];

const optionalAccountShape = {
  maxOpenPositions: accountLimitsShape.maxOpenPositions.optional(),
  maxNotionalPerPosition: accountLimitsShape.maxNotionalPerPosition.optional(),
  maxTotalNotional: accountLimitsShape.maxTotalNotional.optional(),
  maxLeverage: accountLimitsShape.maxLeverage.optional(),
  maxIntentsPerMinute: accountLimitsShape.maxIntentsPerMinute.optional(),
  dailyLossLimit: accountLimitsShape.dailyLossLimit.optional(),
  maxDrawdownPct: accountLimitsShape.maxDrawdownPct.optional(),
  maxUnknownOutcomes: accountLimitsShape.maxUnknownOutcomes,
} as const;

export const accountLimitsSchema = z
  .strictObject(optionalAccountShape)
  .superRefine((v, ctx) => {
    if (
      v.maxNotionalPerPosition !== undefined &&
      v.maxTotalNotional !== undefined &&
      v.maxNotionalPerPosition > v.maxTotalNotional
    )
      ctx.addIssue({
        code: 'custom',
        path: ['maxNotionalPerPosition'],
        message: `must not exceed maxTotalNotional (${v.maxTotalNotional})`,
      });
  })
  .prefault({})
  .describe(
    "Account-wide limits. live: all seven required (perpflow does not guess how much you can lose). dry-run and sim default to the paper limits of config/default.yaml; backtest to none, so results are the strategy's own.",
  );

export const strategyLimitsSchema = z
  .strictObject({
    maxOpenPositions: sharedLimits.maxOpenPositions.optional(),
    maxNotionalPerPosition: sharedLimits.maxNotionalPerPosition.optional(),
    maxTotalNotional: sharedLimits.maxTotalNotional.optional(),
    maxLeverage: sharedLimits.maxLeverage.optional(),
    maxIntentsPerMinute: sharedLimits.maxIntentsPerMinute.optional(),
  })
  .describe('Tighter limits for one strategy; each must not exceed the account limit of the same name.');

export const riskSchema = z
  .strictObject({
    account: accountLimitsSchema,
    killSwitch: z
      .strictObject({
        closeAllOnHalt: z
          .boolean({ error: 'expected true or false' })
          .default(false)
          .describe('Close every position when trading halts (off by default: a halt stops new exposure).'),
      })
      .prefault({})
      .describe('What a halt does.'),
  })
  .prefault({})
  .describe('The risk gate every intent passes.');

export type StrategyLimitName = keyof typeof sharedLimits;
export const STRATEGY_LIMIT_NAMES: readonly StrategyLimitName[] = z
  .strictObject(sharedLimits)
  .keyof().options;
