import { z } from 'zod';
import { integer, millis } from '../primitives.ts';

/**
 * How long the solver takes from accept to fill, in whole milliseconds: uniform in [min, max],
 * or log-normal with a median and a 99th percentile (the simulator samples it, FillLatency.ts).
 */
export type FillLatency =
  | { readonly min: number; readonly max: number }
  | { readonly median: number; readonly p99: number };

/** The simulator's fill latency when none is given (createSimulator, `perpflow sim`). */
export const DEFAULT_FILL_LATENCY_MS = { min: 1_000, max: 3_000 } as const;

/** How long a LIMIT open or close rests unfilled before it ends EXPIRED: 24 h. */
export const DEFAULT_LIMIT_TTL_MS = 86_400_000;

const latency = z
  .strictObject({
    min: millis(0, 600_000).optional().describe('Uniform: fastest fill, milliseconds.'),
    max: millis(0, 600_000).optional().describe('Uniform: slowest fill, milliseconds.'),
    median: millis(1, 600_000).optional().describe('Log-normal: typical fill, milliseconds.'),
    p99: millis(1, 600_000).optional().describe('Log-normal: 99th percentile (the slow tail), milliseconds.'),
  })
  .superRefine((v, ctx) => {
    const uniform = v.min !== undefined || v.max !== undefined;
    const logNormal = v.median !== undefined || v.p99 !== undefined;
    if (uniform === logNormal) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'give either min and max (uniform) or median and p99 (log-normal)',
      });
      return;
    }
    const pair = uniform ? (['min', 'max'] as const) : (['median', 'p99'] as const);
    for (const key of pair)
      if (v[key] === undefined)
        ctx.addIssue({ code: 'custom', path: [key], message: `required with ${pair.join(' and ')}` });
    const [low, high] = pair;
    const a = v[low];
    const b = v[high];
    if (a !== undefined && b !== undefined && a > b)
      ctx.addIssue({ code: 'custom', path: [low], message: `${low} (${a}) must not exceed ${high} (${b})` });
  })
  .transform((v, ctx): FillLatency => {
    // The refinement above let through only complete pairs; a transform never sees failed input.
    if (v.median !== undefined && v.p99 !== undefined) return { median: v.median, p99: v.p99 };
    if (v.min !== undefined && v.max !== undefined) return { min: v.min, max: v.max };
    ctx.issues.push({ code: 'custom', input: v, message: 'give either min and max or median and p99' });
    return z.NEVER;
  });

export const simulatorSchema = z
  .strictObject({
    seed: integer(0, Number.MAX_SAFE_INTEGER, 'a non-negative integer')
      .default(1)
      .describe('Seed of every random choice the simulator makes: the same seed replays the same run.'),
    fillLatencyMs: latency
      .prefault({ min: 300, max: 2000 })
      .describe('Solver fill latency: uniform {min, max} or log-normal {median, p99}, milliseconds.'),
    limitTtlMs: millis(1, 365 * 86_400_000)
      .default(DEFAULT_LIMIT_TTL_MS)
      .describe('How long a LIMIT open or close rests unfilled before it ends EXPIRED, milliseconds.'),
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
