import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envRef } from '../../src/config/envReference.ts';
import { buildJsonSchema, jsonSchemaText } from '../../src/config/jsonSchema.ts';
import { builtinParamsRules } from '../../src/strategy/paramsJsonSchema.ts';

describe('config/schema.json', () => {
  it('is what `perpflow config schema` writes today (run it and commit the file if this fails)', async () => {
    expect(readFileSync('config/schema.json', 'utf8')).toBe(jsonSchemaText(await builtinParamsRules()));
  });

  it('rejects unknown keys in every section, as the loader does', () => {
    const schema = buildJsonSchema() as {
      additionalProperties: unknown;
      properties: Record<string, { additionalProperties?: unknown }>;
    };
    expect(schema.additionalProperties).toBe(false);
    for (const section of ['venue', 'simulator', 'market', 'journal', 'risk', 'execution', 'logging'])
      expect(schema.properties[section]?.additionalProperties).toBe(false);
  });

  it('accepts only an env reference where the API key goes', () => {
    const text = JSON.stringify(buildJsonSchema().properties);
    const apiKey = (
      buildJsonSchema() as {
        properties: { venue: { properties: { apiKey: { anyOf: { pattern?: string }[] } } } };
      }
    ).properties.venue.properties.apiKey;
    const pattern = new RegExp(apiKey.anyOf.find((s) => s.pattern !== undefined)?.pattern ?? '^$');
    expect(pattern.test(envRef('PERPFLOW_API_KEY'))).toBe(true);
    expect(pattern.test(`ix.${'ab'.repeat(32)}`)).toBe(false);
    expect(text).toContain('Resolves to ix. + 64 hex');
  });

  it('is referenced by the shipped config files so editors complete keys', () => {
    expect(readFileSync('config/default.yaml', 'utf8')).toMatch(
      /^# yaml-language-server: \$schema=\.\/schema\.json/,
    );
  });
});
