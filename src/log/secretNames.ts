/**
 * The one table of names that mark a secret. A field name, a `name=value` parameter, a quoted
 * `"name": "value"` pair and a `[name, value]` header tuple are all judged by it, so a name is
 * masked everywhere or nowhere.
 *
 * `anywhere`: the word marks a secret wherever it appears in the name (`apiKey`, `x-api-key`,
 * `sessionToken`, `clientSecret`). Otherwise it must be a whole word of the name, split at
 * camelCase and at `-`, `_`, `.` (`basicAuth` and `auth_header` but not `author`; `walletSeed`
 * but not `seedling`; `sessionId` but not `possession`).
 */
export const SECRET_NAMES: readonly {
  readonly name: string;
  readonly anywhere: boolean;
  /** A secret only when its value is text other than a number: `seed: 7` is a PRNG seed (simulator.seed), `seed: "abandon …"` a wallet's. */
  readonly textOnly?: boolean;
}[] = [
  { name: 'key', anywhere: true },
  { name: 'secret', anywhere: true },
  { name: 'token', anywhere: true },
  { name: 'password', anywhere: true },
  { name: 'pass', anywhere: false },
  { name: 'pwd', anywhere: false },
  { name: 'passphrase', anywhere: true },
  { name: 'authorization', anywhere: true },
  { name: 'auth', anywhere: false },
  { name: 'session', anywhere: false },
  { name: 'signature', anywhere: true },
  { name: 'private', anywhere: true },
  { name: 'privateKey', anywhere: true },
  { name: 'mnemonic', anywhere: true },
  { name: 'seed', anywhere: false, textOnly: true },
  { name: 'seedPhrase', anywhere: true },
  { name: 'jwt', anywhere: true },
  { name: 'cookie', anywhere: true },
  // Common spellings beside the list above.
  { name: 'passwd', anywhere: true },
  { name: 'credential', anywhere: true },
  { name: 'sid', anywhere: false },
  { name: 'sig', anywhere: false },
];

/** Names that contain a secret-looking word but hold no secret. */
const SAFE_NAMES = new Set([
  'keyId',
  'apiKeyId',
  'apiKeyIdentifier',
  'keyName',
  'tokenExpiresAt',
  'expiresAt',
  'monkey',
  'keys',
  // The path of a PEM file (console.tls.keyFile): where a key is, not the key.
  'keyFile',
]);

const normal = (s: string): string => s.toLowerCase();
const ANYWHERE = SECRET_NAMES.filter((e) => e.anywhere).map((e) => normal(e.name));
const WHOLE_WORD = new Set(
  SECRET_NAMES.filter((e) => !e.anywhere && e.textOnly !== true).map((e) => normal(e.name)),
);
const TEXT_ONLY = new Set(SECRET_NAMES.filter((e) => e.textOnly === true).map((e) => normal(e.name)));
const NUMBER = /^-?\d+(\.\d+)?$/;

/** `x-api-key` → x, api, key; `sessionId` → session, id; `SEED_PHRASE` → seed, phrase. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s\-_.]+/)
    .filter((w) => w !== '')
    .map(normal);
}

/**
 * Whether a field, parameter or header of this name holds a secret whatever its value (the
 * config's "secrets only as env references" rule uses this: `simulator.seed: 7` is no secret).
 */
export function isSecretFieldName(name: string): boolean {
  if (SAFE_NAMES.has(name)) return false;
  const words = wordsOf(name);
  const joined = words.join('');
  return ANYWHERE.some((w) => joined.includes(w)) || words.some((w) => WHOLE_WORD.has(w));
}

/** Whether this name with this value is a secret: the name alone, or a text-only name with text. */
export function isSecretField(name: string, value: unknown): boolean {
  if (isSecretFieldName(name)) return true;
  if (typeof value !== 'string' || value === '' || NUMBER.test(value) || SAFE_NAMES.has(name)) return false;
  return wordsOf(name).some((w) => TEXT_ONLY.has(w));
}
