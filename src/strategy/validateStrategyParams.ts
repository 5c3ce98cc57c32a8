import type { z } from 'zod';

/**
 * The params of one instance, parsed by the strategy's own schema. Throws a TypeError listing
 * every problem by path; the config loader turns these into file:line:col issues.
 */
export function validateStrategyParams<S extends z.ZodType>(
  strategy: { readonly name: string; readonly params: S },
  raw: unknown,
): z.output<S> {
  const parsed = strategy.params.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `params.${i.path.join('.') || '(root)'}: ${i.message}`);
  throw new TypeError(`strategy ${strategy.name}: ${lines.join('; ')}`);
}
