/**
 * `${env:NAME}` references: how secrets (and anything else that differs per machine) get into a
 * config without being written in it. A reference may be the whole value or part of a string.
 */

/** One reference, anchored: what a secret-named key must hold. */
export const ENV_REFERENCE_PATTERN = '^\\$\\{env:[A-Za-z_][A-Za-z0-9_]*\\}$';
const ONLY_REFERENCE = new RegExp(ENV_REFERENCE_PATTERN);
const REFERENCE = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;
/** Anything that starts like a reference; what is left after removing well-formed ones is malformed. */
const REFERENCE_START = /\$\{/;

export type EnvLookup = Readonly<Record<string, string | undefined>>;

export interface EnvResolution {
  readonly value: string;
  /** Every variable the text named, in order, without repeats. */
  readonly names: readonly string[];
  readonly missing: readonly string[];
  /** Set when the text contains `${…}` that is not a well-formed `${env:NAME}`. */
  readonly malformed: boolean;
}

export function hasEnvReference(text: string): boolean {
  return REFERENCE_START.test(text);
}

export function isOnlyEnvReference(text: string): boolean {
  return ONLY_REFERENCE.test(text.trim());
}

export function resolveEnvReferences(text: string, env: EnvLookup): EnvResolution {
  const names: string[] = [];
  const missing: string[] = [];
  const value = text.replace(REFERENCE, (_m, name: string) => {
    if (!names.includes(name)) names.push(name);
    const found = env[name];
    if (found === undefined || found === '') {
      if (!missing.includes(name)) missing.push(name);
      return '';
    }
    return found;
  });
  const malformed = REFERENCE_START.test(text.replace(REFERENCE, ''));
  return { value, names, missing, malformed };
}

/**
 * Why a `${…}` in `text` is not a well-formed reference, in the writer's terms: an empty name,
 * a missing `}`, a name with characters a variable cannot have, or a prefix other than `env:`.
 */
export function malformedReason(text: string): string {
  const rest = text.replace(REFERENCE, '');
  const start = rest.search(REFERENCE_START);
  const tail = start < 0 ? rest : rest.slice(start);
  const close = tail.indexOf('}');
  const inner = close < 0 ? tail.slice(2) : tail.slice(2, close);
  const how = `write ${envRef('NAME')}, NAME of letters, digits and _`;
  if (close < 0) return `unclosed environment reference "${tail}": it lacks its closing }; ${how}`;
  if (!inner.startsWith('env:'))
    return `"${tail.slice(0, close + 1)}" is not an environment reference; ${how}`;
  const name = inner.slice(4);
  if (name === '') return `empty variable name in "${tail.slice(0, close + 1)}"; ${how}`;
  return `"${name}" is not a variable name; ${how}`;
}

/** How a reference to `name` is written: `${env:NAME}`. */
export const envRef = (name: string): string => `\${env:${name}}`;
