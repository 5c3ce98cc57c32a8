import type { z } from 'zod';
import { ENV_REFERENCE_PATTERN, envRef } from './envReference.ts';

/**
 * The zod schema checks values after `${env:…}` references are resolved; editors see the file
 * before. Schemas registered here get a different JSON Schema, describing what may be written.
 */
export const jsonInputForms = new WeakMap<
  object,
  (generated: Record<string, unknown>) => Record<string, unknown>
>();

const envReference = {
  type: 'string',
  pattern: ENV_REFERENCE_PATTERN,
  description: `A reference to an environment variable, resolved at load: ${envRef('NAME')}`,
} as const;

/** A value that may be written literally or as an `${env:NAME}` reference. */
export function envReferenceable<T extends z.ZodType>(schema: T): T {
  jsonInputForms.set(schema, (generated) => ({ anyOf: [generated, envReference] }));
  return schema;
}

/** A secret: only an `${env:NAME}` reference may be written; the value itself never is. */
export function secret<T extends z.ZodType>(schema: T): T {
  jsonInputForms.set(schema, () => ({ ...envReference }));
  return schema;
}
