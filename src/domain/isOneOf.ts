/**
 * Whether `value` is one of `values`, as a type guard: how text from outside (a row, a flag, a
 * wire field) becomes one of a closed set of names without asserting that it is.
 */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  const names: readonly unknown[] = values;
  return names.includes(value);
}
