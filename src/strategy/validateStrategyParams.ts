import type { z } from 'zod';
import type { DefinedStrategy } from './defineStrategy.ts';

/**
 * The params of one instance, parsed by the strategy's own schema. Throws a TypeError listing
 * every problem by path; the config loader turns these into file:line:col issues.
 */
export function validateStrategyParams<S extends z.ZodType>(
  strategy: DefinedStrategy<S, unknown>,
  raw: unknown,
): z.output<S> {
  const parsed = strategy.params.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `params.${i.path.join('.') || '(root)'}: ${i.message}`);
  throw new TypeError(`strategy ${strategy.name}: ${lines.join('; ')}`);
}
