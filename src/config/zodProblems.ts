import type { z } from 'zod';
import { isKeyed } from '../domain/isRecord.ts';
import type { ConfigIssue } from '../errors/ConfigError.ts';
import type { ConfigPath } from './configPath.ts';
import type { IssueLocator } from './issueLocator.ts';
import { closestKey, knownKeys } from './knownKeys.ts';

export interface ZodProblemContext {
  readonly locator: IssueLocator;
  /** The schema that produced the issues, for the keys an unknown key is compared with. */
  readonly schema: z.ZodType;
  /** Where the validated value sits in the file (`['strategies', 0, 'params']` for plugin params). */
  readonly prefix: ConfigPath;
  /** The validated value, to tell a missing key from a wrong one. */
  readonly data: unknown;
}

function has(data: unknown, path: readonly PropertyKey[]): boolean {
  let current = data;
  for (const part of path) {
    if (!isKeyed(current) || !Object.hasOwn(current, part)) return false;
    current = current[part];
  }
  return current !== undefined;
}

function unknownKeyMessage(schema: z.ZodType, parent: ConfigPath, key: string): string {
  const known = knownKeys(schema, parent);
  if (known.length === 0) return 'unknown key';
  const guess = closestKey(key, known);
  return guess !== undefined
    ? `unknown key; did you mean "${guess}"?`
    : `unknown key; expected one of ${known.join(', ')}`;
}

/** A rule about a key that is not written: point at its mapping, say what it needs. */
function missingMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'custom') return issue.message;
  return issue.message.endsWith('got nothing')
    ? 'required key is missing'
    : `required key is missing (${issue.message})`;
}

export function zodProblems(issues: readonly z.core.$ZodIssue[], ctx: ZodProblemContext): ConfigIssue[] {
  const out: ConfigIssue[] = [];
  for (const issue of issues) {
    const local = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const path = [...ctx.prefix, ...local];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        out.push(ctx.locator.key([...path, key], unknownKeyMessage(ctx.schema, local, key)));
    } else if (local.length > 0 && !has(ctx.data, local) && !ctx.locator.isWritten(path)) {
      out.push(ctx.locator.missing(path, missingMessage(issue)));
    } else {
      out.push(ctx.locator.value(path, issue.message));
    }
  }
  return out;
}
