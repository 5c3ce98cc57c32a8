export { formatPath } from './configPath.ts';
export { ENV_REFERENCE_PATTERN, envRef, resolveEnvReferences } from './envReference.ts';
export { buildJsonSchema, jsonSchemaText } from './jsonSchema.ts';
export { type LoadConfigOptions, loadConfig, parseConfig } from './loadConfig.ts';
export * from './primitives.ts';
export * from './schema.ts';
