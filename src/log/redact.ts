import { isSecretField, isSecretFieldName } from './secretNames.ts';
import { noteSecret } from './secretTap.ts';

/**
 * The one redactor. Every log line, error message printed to a person, and report passes
 * through it. It masks:
 *  - anything key-shaped: `ix.` followed by 16 or more hex digits, in any case, so a truncated or
 *    upper-cased venue API key is masked as well as a whole one;
 *  - JWTs (three base64url segments starting with `eyJ`);
 *  - Telegram bot tokens (`123456789:AA…`: the bot's id, a colon, 30+ base64url characters),
 *    also inside a Bot API URL (`/bot123456789:AA…/getMe`);
 *  - `Bearer <token>` anywhere, and the value of credential headers written as text
 *    (`x-api-key: v`, `Authorization: Basic v` / `Token v`, `Cookie: v`);
 *  - parameters (`?key=`, `&auth=`, `session=` …) whose name is in SECRET_NAMES (secretNames.ts);
 *  - the user and password of a URL (`https://user:pass@host`);
 *  - quoted name/value pairs whose name is in SECRET_NAMES, as JSON or as header tuples
 *    (`"apiKey":"v"`, `['x-api-key', 'v']`);
 *  - the value of any field whose name is in SECRET_NAMES, at any depth, and the value of
 *    `[name, value]` header tuples with such a name;
 *  - error messages, causes and stacks, recursively.
 * Masking keeps the first 4 and last 4 characters of long values (NautilusTrader's rule), so an
 * operator can tell two keys apart without being able to use either.
 */

/** Key-shaped: the venue's `ix.` prefix and 16+ hex digits (a whole key has 64). */
const KEY_SHAPED = /ix\.[0-9a-f]{16,}/gi;
/** A KEY_SHAPED match this long is a whole key: `ix.` and 64 hex digits. */
const WHOLE_KEY_LENGTH = 67;
/** BotFather's tokens; the id is 5+ digits and the rest 30+ characters, so a time (12:30:05) is no token. */
const TELEGRAM_TOKEN = /(?<![\d:.])\d{5,20}:[A-Za-z0-9_-]{30,}/g;
const JWT = /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;
const BEARER = /(Bearer\s+)([^\s"',;]+)/gi;
const SCHEME = String.raw`(?:(?:Basic|Bearer|Token|Digest|ApiKey)\s+)?`;
const SECRET_HEADER = new RegExp(
  String.raw`((?:x-api-key|api-key|x-auth-token|proxy-authorization|authorization|set-cookie|cookie)["']?\s*:\s*["']?${SCHEME})([^\s"',;]+)`,
  'gi',
);
/**
 * A `name=value` parameter; the value ends before a separator, or before a colon that ends a
 * phrase (`…?auth=v: refused`). Whether it is masked is the name's (SECRET_NAMES) to say.
 */
const PARAM = new RegExp(
  String.raw`((?:^|[?&;,(\s])([\w.-]+)=${SCHEME})([^&#\s"',;)]+?)(?=$|[&#\s"',;)]|:(?:\s|$))`,
  'g',
);
const URL_USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)([^\s/?#@"'<>]+)@/gi;
/** A quoted name and a quoted value (JSON, or a printed header tuple). */
const QUOTED_PAIR = new RegExp(String.raw`(["']([\w-]+)["']\s*(?:[:,=]|=>)\s*["']${SCHEME})([^"']+)`, 'g');

export const REDACTED = '[REDACTED]';

export function mask(value: string): string {
  if (value.length <= 8) return '*'.repeat(value.length);
  return `${value.slice(0, 4)}…${value.slice(-4)}`;
}

export { isSecretFieldName };

const maskValue = (_m: string, prefix: string, value: string): string => `${prefix}${mask(value)}`;

/** For PARAM and QUOTED_PAIR: masks the value when the name is a secret's. */
const maskNamed = (m: string, prefix: string, name: string, value: string): string =>
  isSecretField(name, value) ? `${prefix}${mask(value)}` : m;

/** A whole key or token the redactor meets is a secret: the suite-wide scan then looks for it everywhere. */
function maskKey(key: string): string {
  if (key.length === WHOLE_KEY_LENGTH) noteSecret(key);
  return mask(key);
}

function maskTelegramToken(token: string): string {
  noteSecret(token);
  return mask(token);
}

function maskJwt(jwt: string): string {
  noteSecret(jwt);
  return mask(jwt);
}

function maskUserinfo(_m: string, scheme: string, userinfo: string): string {
  const colon = userinfo.indexOf(':');
  if (colon < 0) return `${scheme}${mask(userinfo)}@`;
  return `${scheme}${mask(userinfo.slice(0, colon))}:${mask(userinfo.slice(colon + 1))}@`;
}

/**
 * Masks every secret-shaped substring of a text. It runs on every log line, so each replacement
 * runs only when the text holds what its pattern needs (a literal check is far cheaper than a
 * case-insensitive scan); most texts — statuses, ids, numbers — take none of them.
 */
export function redactText(text: string): string {
  const lower = text.toLowerCase();
  let out = text;
  // Each guard below skips a replacement that could not change the text, so forcing it true or
  // emptying its literal changes nothing but the time: on ordinary log lines (2026-11-26, shared
  // 2-core host) each saves 40–430 ns of a ~1 µs line; without them redactText takes twice as long.
  // Stryker disable next-line ConditionalExpression,StringLiteral: a speed guard, the pattern cannot match without this literal
  if (lower.includes('ix.')) out = out.replace(KEY_SHAPED, maskKey);
  // Stryker disable next-line ConditionalExpression,StringLiteral: a speed guard, the pattern cannot match without this literal
  if (out.includes('eyJ')) out = out.replace(JWT, maskJwt);
  // Stryker disable next-line ConditionalExpression,StringLiteral: a speed guard, the pattern cannot match without this literal
  if (out.includes(':')) out = out.replace(TELEGRAM_TOKEN, maskTelegramToken);
  // Stryker disable next-line ConditionalExpression,StringLiteral: a speed guard, the pattern cannot match without this literal
  if (lower.includes('bearer')) out = out.replace(BEARER, maskValue);
  // Stryker disable next-line ConditionalExpression,StringLiteral: a speed guard, the pattern cannot match without this literal
  if (lower.includes('api-key') || lower.includes('auth') || lower.includes('cookie'))
    out = out.replace(SECRET_HEADER, maskValue);
  // Stryker disable next-line ConditionalExpression,StringLiteral: a speed guard, the pattern cannot match without this literal
  if (out.includes('"') || out.includes("'")) out = out.replace(QUOTED_PAIR, maskNamed);
  // Stryker disable next-line ConditionalExpression,StringLiteral: a speed guard, the pattern cannot match without this literal
  if (out.includes('=')) out = out.replace(PARAM, maskNamed);
  // Stryker disable next-line ConditionalExpression,StringLiteral,LogicalOperator: a speed guard, the pattern needs both literals
  if (out.includes('@') && out.includes('://')) out = out.replace(URL_USERINFO, maskUserinfo);
  return out;
}

function redactSecretValue(value: unknown): unknown {
  return typeof value === 'string' ? mask(value) : REDACTED;
}

/** A field of a record: a secret-named plain value masked, anything else redacted as a value. */
function redactField(name: string, value: unknown, seen: WeakSet<object>): unknown {
  return isSecretField(name, value) && (typeof value !== 'object' || value === null)
    ? redactSecretValue(value)
    : redact(value, seen);
}

/** A header or entry given as `[name, value]`, with a credential-looking name and a plain value. */
function isSecretTuple(a: readonly unknown[]): boolean {
  return (
    a.length === 2 &&
    typeof a[0] === 'string' &&
    isSecretField(a[0], a[1]) &&
    (typeof a[1] !== 'object' || a[1] === null)
  );
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
  if (Array.isArray(value))
    return isSecretTuple(value) ? [value[0], redactSecretValue(value[1])] : value.map((v) => redact(v, seen));
  if (value instanceof Map) return redact(Object.fromEntries(value), seen);
  if (value instanceof Headers) return redact(Object.fromEntries(value.entries()), seen);
  const toJSON: unknown = Reflect.get(value, 'toJSON');
  if (typeof toJSON === 'function') {
    // URL, Date (an invalid one too: null), Decimal and friends: their JSON form is a plain value.
    // A plain object with its own toJSON too: copied as it is, JSON.stringify would call that
    // function on the copy, and one that closes over the original would write it out unredacted.
    return redact(toJSON.call(value), seen);
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = redactField(k, v, seen);
  return out;
}

function redactError(error: Error, seen: WeakSet<object>): Record<string, unknown> {
  const out: Record<string, unknown> = {
    name: redact(error.name, seen),
    message: redact(error.message, seen),
  };
  // An own enumerable name, message or stack is copied redacted as the lines around it do; the
  // cause is left to its own line, which must be the first to meet it (else it reads '[Circular]').
  for (const [k, v] of Object.entries(error)) if (k !== 'cause') out[k] = redactField(k, v, seen);
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
