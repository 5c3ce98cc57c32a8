/**
 * An object whose properties may be read by name (parsed JSON, a row, an error's fields): any
 * non-null object, arrays excluded. Reading a property it lacks yields undefined, so typing every
 * value `unknown` is true of all of them; the reader still has to narrow each value it uses.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Any non-null object, arrays included, read by key: walking parsed data (a config, a zod issue)
 * where a step may be a name or an index. Each value read is `unknown` until narrowed.
 */
export function isKeyed(value: unknown): value is Readonly<Record<PropertyKey, unknown>> {
  return typeof value === 'object' && value !== null;
}
