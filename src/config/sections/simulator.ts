import { z } from 'zod';
import { integer, millis } from '../primitives.ts';

const latency = z
  .strictObject({
    min: millis(0, 600_000).describe('Fastest fill, milliseconds.'),
    max: millis(0, 600_000).describe('Slowest fill, milliseconds.'),
  })
  .superRefine((v, ctx) => {
    if (v.min > v.max)
      ctx.addIssue({
        code: 'custom',
        path: ['min'],
        message: `min (${v.min}) must not exceed max (${v.max})`,
      });
  });

export const simulatorSchema = z
  .strictObject({
    seed: integer(0, Number.MAX_SAFE_INTEGER, 'a non-negative integer')
      .default(1)
      .describe('Seed of every random choice the simulator makes: the same seed replays the same run.'),
    fillLatencyMs: latency.prefault({ min: 300, max: 2000 }).describe('Range of solver fill latency.'),
    prices: z
      .union([z.literal('gbm'), z.string().regex(/\.csv(:[A-Z0-9]{2,20})?$/i)], {
        error:
          'expected "gbm" or the path of a CSV file of bars (ending in .csv, optionally :SYMBOL to replay it as that market)',
      })
      .default('gbm')
      .describe('Price source: "gbm" (seeded geometric Brownian motion) or the path of a CSV of bars.'),
    faults: z
      .string({ error: 'expected the path of a fault profile (.yaml), or null' })
      .regex(/\.ya?ml$/i, { error: 'expected the path of a fault profile ending in .yaml or .yml' })
      .nullable()
      .default(null)
      .describe('Path of a fault profile YAML, or null for no injected faults.'),
  })
  .describe('The embedded simulator, used when venue.url is null (dry-run, sim, backtest).');
