import { z } from 'zod';
import { slug } from '../primitives.ts';

/**
 * `shadow: [ids]`: strategies of this config that also run beside live in a dry run, filled by
 * the simulator on the same prices, for the drift report (src/kernel/shadow). Each id must be a
 * strategy's id (crossFieldChecks.ts names an unknown one).
 */
export const shadowSchema = z
  .array(slug('a strategy id'), { error: 'expected a list of strategy ids, like [sma-fast]' })
  .default([])
  .describe(
    'Strategy ids run a second time beside live (live and sim), in a dry run filled by the simulator on the same prices: the drift report compares the two.',
  );
