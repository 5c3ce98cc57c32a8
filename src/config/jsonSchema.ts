import { z } from 'zod';
import { isRecord } from '../domain/isRecord.ts';
import { jsonInputForms } from './jsonInputForm.ts';
import { configSchema } from './schema.ts';

/**
 * The JSON Schema of what may be written in a config file, for editors (the YAML language server
 * reads the `# yaml-language-server: $schema=` line). Draft-07: the widest editor support.
 */
export function buildJsonSchema(
  strategyRules: readonly Record<string, unknown>[] = [],
): Record<string, unknown> {
  const generated = z.toJSONSchema(configSchema, {
    target: 'draft-7',
    io: 'input',
    override: (ctx) => {
      const form = jsonInputForms.get(ctx.zodSchema);
      if (form === undefined) return;
      const replacement = form({ ...ctx.jsonSchema });
      for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
      Object.assign(ctx.jsonSchema, replacement);
    },
  });
  // Rules from the strategies themselves (see strategy/paramsJsonSchema.ts): config knows no strategy.
  const strategies = generated.properties?.strategies;
  const entry = isRecord(strategies) ? strategies.items : undefined;
  if (isRecord(entry) && strategyRules.length > 0) entry.allOf = [...strategyRules];
  const { $schema, ...rest } = generated;
  return {
    $schema,
    $id: 'https://perpflow.dev/config.schema.json',
    title: 'perpflow configuration',
    ...rest,
  };
}

/** The committed `config/schema.json` text: stable key order, two-space indent, final newline. */
export function jsonSchemaText(strategyRules: readonly Record<string, unknown>[] = []): string {
  return `${JSON.stringify(buildJsonSchema(strategyRules), null, 2)}\n`;
}
