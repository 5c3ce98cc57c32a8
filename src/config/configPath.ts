/** A key path inside a config document: `['strategies', 0, 'params', 'fast']`. */
export type ConfigPath = readonly (string | number)[];

/** Formats a key path the way every message shows it: `strategies[0].params.fast`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

export function samePath(a: readonly PropertyKey[], b: readonly PropertyKey[]): boolean {
  return a.length === b.length && a.every((part, i) => part === b[i]);
}
