import { z } from 'zod';
import { integer, marketSymbol } from '../primitives.ts';

/** A fraction from 0 to `max` (0.001 = 0.1 %). */
const fraction = (max: number, what: string) =>
  z
    .number({ error: `expected ${what} as a fraction from 0 to ${max}` })
    .min(0, { error: `expected ${what} as a fraction from 0 to ${max}` })
    .max(max, { error: `expected ${what} as a fraction from 0 to ${max}` });

const feesSchema = z
  .strictObject({
    open: fraction(0.1, 'a fee rate').describe('Platform + solver fee on an open, fraction of notional.'),
    close: fraction(0.1, 'a fee rate').describe('Platform + solver fee on a close, fraction of notional.'),
  })
  .describe("Total fee rates per side; absent: the market spec's (platform fee + hedger fee).");

const marketOverrideSchema = z
  .strictObject({
    pricePrecision: integer(0, 8, 'a number of decimals').optional(),
    quantityPrecision: integer(0, 8, 'a number of decimals').optional(),
    maxLeverage: integer(1, 1000, 'a leverage').optional(),
    fundingEpochHours: integer(1, 24, 'a number of hours').optional(),
    fees: feesSchema.optional(),
    minNotional: z.number().min(0).optional(),
    maxNotional: z.number().positive().optional(),
  })
  .describe('Overrides of one market spec (or of the default spec of a symbol the catalog does not know).');

export const backtestSchema = z
  .strictObject({
    cash: z
      .number({ error: 'expected the starting cash as a number ≥ 0' })
      .min(0, { error: 'expected the starting cash as a number ≥ 0' })
      .default(10_000)
      .describe('Starting collateral of the backtest account.'),
    fees: feesSchema.optional(),
    spread: fraction(0.1, 'a spread')
      .default(0)
      .describe('Full bid/ask spread as a fraction of price; a MARKET fill pays half of it.'),
    slippage: fraction(0.1, 'a slippage')
      .default(0)
      .describe('Extra adverse move of every MARKET fill, fraction of price.'),
    fundingRate: z
      .number({ error: 'expected a funding rate per epoch as a fraction' })
      .gt(-1)
      .lt(1)
      .optional()
      .describe(
        'Constant funding rate per epoch (longs pay it, shorts receive it); absent: the --funding series, else the market spec.',
      ),
    closeAtEnd: z
      .enum(['lastClose', 'lastOpen'], { error: 'expected lastClose or lastOpen' })
      .default('lastClose')
      .describe(
        "Where positions still open at the end are closed: the last bar's close, or its open (backtesting.py's rule: its final close re-runs the last bar's open).",
      ),
    markets: z
      .record(marketSymbol(), marketOverrideSchema, { error: 'expected a mapping of market symbols' })
      .default({})
      .describe('Market spec overrides by symbol.'),
  })
  .describe('Backtest settings: account, costs and market specs (perpflow backtest).');

export type BacktestConfig = z.output<typeof backtestSchema>;
export type MarketOverride = z.output<typeof marketOverrideSchema>;
