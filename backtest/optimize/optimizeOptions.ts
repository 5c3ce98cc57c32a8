import { z } from 'zod';
import { ConfigError } from '../../src/errors/ConfigError.ts';

/** The options of `perpflow optimize` as commander hands them over (checked: commander types them loosely). */
export const optimizeOptionsSchema = z.looseObject({
  data: z.array(z.string()).readonly(),
  funding: z.array(z.string()).readonly().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  trials: z.string(),
  sampler: z.string(),
  pruner: z.string(),
  objective: z.string(),
  train: z.string().optional(),
  walkForward: z.string().optional(),
  study: z.string().optional(),
  storage: z.string(),
  seed: z.string(),
  strategy: z.string().optional(),
  top: z.string(),
  json: z.boolean().optional(),
  report: z.string().optional(),
  queue: z.string().optional(),
  parallel: z.string(),
  queueExpireSeconds: z.string(),
  queueRetries: z.string(),
  queuePollMs: z.string(),
});
export type OptimizeOptions = z.output<typeof optimizeOptionsSchema>;

export const SAMPLER_NAMES = ['tpe', 'random', 'grid'] as const;
export type SamplerName = (typeof SAMPLER_NAMES)[number];

/** `--pruner median` (Optuna's MedianPruner at 25/50/75% of the bars) or `none`. */
export function prunerOn(raw: string): boolean {
  if (raw !== 'median' && raw !== 'none') throw new ConfigError(`--pruner ${raw}: expected median or none`);
  return raw === 'median';
}

/** A whole number in [min, max] from a flag, or a ConfigError naming the flag. */
export function intFlag(flag: string, raw: string, min: number, max: number, example: string): number {
  const n = /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(Number.isSafeInteger(n) && n >= min && n <= max))
    throw new ConfigError(
      `${flag} ${raw}: expected a whole number from ${min} to ${max}, like ${flag} ${example}`,
    );
  return n;
}

export function samplerName(raw: string): SamplerName {
  const found = SAMPLER_NAMES.find((n) => n === raw);
  if (found === undefined)
    throw new ConfigError(`--sampler ${raw}: expected one of ${SAMPLER_NAMES.join(', ')}`);
  return found;
}

/** A study name: letters, digits, dot, dash and underscore. */
export function studyName(raw: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(raw))
    throw new ConfigError(`--study ${raw}: expected a name of letters, digits, dots, dashes or underscores`);
  return raw;
}
