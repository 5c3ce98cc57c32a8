import { z } from 'zod';

/** One searched parameter: `[5, 50]`, `[20, 200, log]`, `[0.1, 0.9, 0.05]` (a step), or enum members. */
const rangeSchema = z
  .array(z.union([z.number(), z.string(), z.boolean()]), {
    error: 'expected a range like [5, 50], [20, 200, log] or [0.1, 0.9, 0.05], or a list of choices',
  })
  .min(1, { error: 'expected a range like [5, 50] or at least one choice' });

/**
 * A strategy entry's `optimize` section: what `perpflow optimize` searches. Each key names a
 * parameter of the strategy's schema (checked against it when the strategy is loaded);
 * `constraints` are relations between them, like `fast < slow`.
 */
export const optimizeSchema = z
  .object({
    constraints: z
      .array(z.string({ error: 'expected a relation like "fast < slow"' }), {
        error: 'expected a list of relations like ["fast < slow"]',
      })
      .optional()
      .describe('Relations every searched point keeps, like "fast < slow" (<, <=, >, >=, !=).'),
  })
  .catchall(rangeSchema)
  .describe(
    'The parameters `perpflow optimize` searches: PARAM: [LOW, HIGH] with an optional log or STEP, or a list of choices.',
  );

export type OptimizeSection = z.output<typeof optimizeSchema>;
