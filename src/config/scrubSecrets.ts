import type { ConfigIssue } from '../errors/ConfigError.ts';
import { isSecretFieldName, mask, redactText } from '../log/redact.ts';
import type { EnvResolutionReport } from './resolveEnvInDocument.ts';

const MIN_SECRET_LENGTH = 4;
const MIN_VALUE_LENGTH = 8;

function lastKey(path: string): string {
  return (
    path
      .split(/[.[\]]/)
      .filter(Boolean)
      .at(-1) ?? ''
  );
}

/**
 * The last line of defence: whatever a message says, it never shows a value read from the
 * environment. Issues on values that came from the environment name the variable instead.
 */
export function scrubSecrets(issues: readonly ConfigIssue[], env: EnvResolutionReport): ConfigIssue[] {
  // Replacing short values ("1", "info") would mangle every message; a secret shorter than
  // MIN_SECRET_LENGTH protects nothing anyway.
  const values = [...env.read]
    .filter(
      ([name, value]) => value.length >= (env.secretNames.has(name) ? MIN_SECRET_LENGTH : MIN_VALUE_LENGTH),
    )
    .map(([, value]) => value)
    .sort((a, b) => b.length - a.length);
  return issues.map((issue) => {
    let message = issue.message;
    const names = env.sources.get(issue.path);
    if (names !== undefined && names.length > 0 && !env.unresolved.has(issue.path)) {
      message += ` (value from ${names.map((n) => `\${env:${n}}`).join(', ')}`;
      if (isSecretFieldName(lastKey(issue.path))) message += describeSecret(names[0] ?? '', env);
      message += ')';
    }
    for (const value of values) message = message.split(value).join(mask(value));
    return { ...issue, message: redactText(message) };
  });
}

/** Enough to diagnose a malformed key (length, prefix) and nothing that helps to use it. */
function describeSecret(name: string, env: EnvResolutionReport): string {
  const value = env.read.get(name);
  if (value === undefined) return '';
  const prefix = value.startsWith('ix.') ? 'with the ix. prefix' : 'without the ix. prefix';
  return `: ${value.length} characters, ${prefix}`;
}
