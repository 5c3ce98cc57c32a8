import type { z } from 'zod';
import { executionSchema } from '../config/sections/execution.ts';
import { ConfigError } from '../errors/ConfigError.ts';
import type { PollOptions } from '../venue/rfq/pollDelay.ts';

/**
 * `execution` of the config. The zod schema in config/sections/execution.ts is the one place its
 * defaults and bounds are written; these types are derived from it.
 */
export type ExecutionOptions = z.output<typeof executionSchema>;
/** What a caller may pass: any subset, the schema fills the rest. */
export type ExecutionOptionsInput = z.input<typeof executionSchema>;
export type { PollOptions };

export function executionOptions(input: ExecutionOptionsInput = {}): ExecutionOptions {
  const parsed = executionSchema.safeParse(input);
  if (!parsed.success)
    throw new ConfigError(
      `execution options: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

export const DEFAULT_EXECUTION: ExecutionOptions = executionOptions();
export const DEFAULT_POLL: PollOptions = DEFAULT_EXECUTION.poll;
