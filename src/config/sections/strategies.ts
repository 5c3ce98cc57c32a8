import { z } from 'zod';
import { marketSymbol, nonEmptyPath, slug } from '../primitives.ts';
import { optimizeSchema } from './optimize.ts';
import { strategyLimitsSchema } from './risk.ts';
import { misfireGraceMsSchema } from './schedule.ts';

export const strategySchema = z
  .strictObject({
    id: slug('a strategy id')
      // The ledger books positions no strategy opened under `null`, and metrics label them `external`.
      .refine((id) => id !== 'null' && id !== 'external', {
        error: (iss) =>
          `${JSON.stringify(iss.input)} is reserved: it names the positions no strategy opened; choose another id`,
      })
      .describe('Unique id: lower-case letters, digits and dashes; not null or external.'),
    module: nonEmptyPath('the path of the strategy module').describe(
      'A built-in strategy by name (sma-cross, breakout, grid, dca, funding-carry), or the path of a strategy module relative to this config file.',
    ),
    markets: z
      .array(marketSymbol(), { error: 'expected a list of market symbols, like [BTCUSDT]' })
      .min(1, { error: 'expected at least one market symbol' })
      .describe('Markets the strategy trades.'),
    interval: z
      .string({ error: 'expected a bar interval like 30s, 1m, 5m, 1h or 1d' })
      .regex(/^[1-9]\d*[smhdw]$/, { error: 'expected a bar interval like 30s, 1m, 5m, 1h or 1d' })
      .optional()
      .describe("Bar interval for this instance (30s, 1m, 1h …); default: the strategy's own."),
    enabled: z
      .boolean({ error: 'expected true or false' })
      .default(true)
      .describe('false keeps the entry but does not run it.'),
    params: z
      .record(z.string(), z.unknown(), { error: 'expected a mapping of strategy parameters' })
      .default({})
      .describe("Parameters, validated by the strategy's own schema."),
    optimize: optimizeSchema.optional(),
    risk: strategyLimitsSchema.optional(),
    misfireGraceMs: misfireGraceMsSchema,
  })
  .describe('One strategy instance.');

export const strategiesSchema = z
  .array(strategySchema, { error: 'expected a list of strategies' })
  .default([])
  .describe('Strategy instances to run.');
