/**
 * The one redactor. Every log line, error message printed to a person, and report passes
 * through it. It masks:
 *  - venue API keys (`ix.` + 64 hex), wherever they appear in text;
 *  - JWTs (three base64url segments starting with `eyJ`);
 *  - `Bearer <token>` and `x-api-key: <value>` header text;
 *  - the value of any field whose name looks like a secret (key, secret, token, password,
 *    authorization, signature, passphrase, private, jwt, cookie), at any depth;
 *  - error messages, causes and stacks, recursively.
 * Masking keeps the first 4 and last 4 characters of long values (NautilusTrader's rule), so an
 * operator can tell two keys apart without being able to use either.
 */

const API_KEY = /ix\.[0-9a-fA-F]{64}/g;
const JWT = /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;
const BEARER = /(Bearer\s+)([^\s"',;]+)/gi;
const API_KEY_HEADER = /(x-api-key["']?\s*[:=]\s*["']?)([^\s"',;]+)/gi;
const SECRET_QUERY =
  /([?&](?:api[-_]?key|token|jwt|secret|password|signature|access[-_]?token)=)([^&#\s"']+)/gi;
const SECRET_NAME =
  /(^|[-_.])?(api[-_]?key|apikey|secret|token|passw(or)?d|pwd|authorization|auth[-_]?header|signature|passphrase|private[-_]?key|jwt|cookie|credential)s?$/i;
const SECRET_NAME_ANYWHERE =
  /key|secret|token|passw|authorization|signature|passphrase|private|jwt|cookie|credential/i;
/** Field names that contain a secret-looking word but hold no secret. */
const SAFE_NAMES = new Set([
  'keyId',
  'apiKeyId',
  'apiKeyIdentifier',
  'keyName',
  'tokenExpiresAt',
  'expiresAt',
  'monkey',
  'keys',
]);

export const REDACTED = '[REDACTED]';

export function mask(value: string): string {
  if (value.length <= 8) return '*'.repeat(value.length);
  return `${value.slice(0, 4)}…${value.slice(-4)}`;
}

export function isSecretFieldName(name: string): boolean {
  if (SAFE_NAMES.has(name)) return false;
  return SECRET_NAME.test(name) || SECRET_NAME_ANYWHERE.test(name);
}

/** Masks every secret-shaped substring of a text. */
export function redactText(text: string): string {
  return text
    .replace(API_KEY, (m) => mask(m))
    .replace(JWT, (m) => mask(m))
    .replace(BEARER, (_m, prefix: string, token: string) => `${prefix}${mask(token)}`)
    .replace(API_KEY_HEADER, (_m, prefix: string, token: string) => `${prefix}${mask(token)}`)
    .replace(SECRET_QUERY, (_m, prefix: string, token: string) => `${prefix}${mask(token)}`);
}

function redactSecretValue(value: unknown): unknown {
  if (typeof value === 'string') return value === '' ? value : mask(value);
  return REDACTED;
}

/**
 * Returns a deep copy of `value` with every secret masked. Errors become plain objects with
 * name, message, code, details, cause and stack, all redacted. Cycles become '[Circular]'.
 */
export function redact(value: unknown, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  if (value instanceof Error) return redactError(value, seen);
  if (Array.isArray(value)) return value.map((v) => redact(v, seen));
  if (value instanceof Map) return redact(Object.fromEntries(value), seen);
  if (value instanceof Headers) return redact(Object.fromEntries(value.entries()), seen);
  if (value instanceof URL) return redactText(value.toString());
  if (value instanceof Date) return value.toISOString();
  const proto = Object.getPrototypeOf(value) as object | null;
  if (
    proto !== Object.prototype &&
    proto !== null &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  ) {
    // Decimal and friends: their JSON form is a plain value.
    return redact((value as { toJSON(): unknown }).toJSON(), seen);
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] =
      isSecretFieldName(k) && (typeof v !== 'object' || v === null) ? redactSecretValue(v) : redact(v, seen);
  }
  return out;
}

function redactError(error: Error, seen: WeakSet<object>): Record<string, unknown> {
  const out: Record<string, unknown> = { name: error.name, message: redactText(error.message) };
  for (const [k, v] of Object.entries(error)) {
    if (k === 'name' || k === 'message' || k === 'stack' || k === 'cause') continue;
    out[k] =
      isSecretFieldName(k) && (typeof v !== 'object' || v === null) ? redactSecretValue(v) : redact(v, seen);
  }
  if (error.cause !== undefined) out.cause = redact(error.cause, seen);
  if (error.stack !== undefined) out.stack = redactText(error.stack);
  return out;
}

/** The message of an error and its causes, one line each, redacted: what a person sees. */
export function describeError(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 8; depth++) {
    if (current instanceof Error) {
      lines.push(depth === 0 ? current.message : `caused by: ${current.message}`);
      current = current.cause;
    } else {
      lines.push(depth === 0 ? String(current) : `caused by: ${String(current)}`);
      break;
    }
  }
  return redactText(lines.join('\n'));
}
