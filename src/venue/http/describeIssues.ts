import type { z } from 'zod';

/** `data[0].quantity` from a zod path. */
export function formatPath(path: readonly PropertyKey[], prefix: string): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out === '' ? '(response)' : out;
}

/** The first few issues as `path: message`, joined: enough to find the field without a debugger. */
export function describeIssues(error: z.ZodError, prefix: string, limit = 3): string {
  const parts = error.issues.slice(0, limit).map((i) => `${formatPath(i.path, prefix)}: ${i.message}`);
  const more = error.issues.length > limit ? ` (+${error.issues.length - limit} more)` : '';
  return parts.join('; ') + more;
}
