import { noteSecret } from '../../src/log/secretTap.ts';

type Note = (secret: string) => void;

const CURRENT = Symbol.for('perpflow.secretScan.noteRequestSecret');
const WRAPPED = Symbol.for('perpflow.secretScan.fetchWrapped');
const slots = globalThis as unknown as Record<symbol, Note | boolean | undefined>;
/** Headers that carry a credential; the value (without its scheme) is the secret. */
const CREDENTIAL_HEADERS = ['x-api-key', 'authorization', 'cookie'];

function headersOf(input: unknown, init: RequestInit | undefined): Headers {
  const headers = new Headers(input instanceof Request ? input.headers : undefined);
  for (const [k, v] of new Headers(init?.headers)) headers.set(k, v);
  return headers;
}

/**
 * The credentials tests send over HTTP (keys, session JWTs, instant tokens) become noted secrets,
 * so the scan looks for every one a test used, not only those the redactor happened to see.
 */
export function noteRequestSecrets(): void {
  slots[CURRENT] = noteSecret;
  if (slots[WRAPPED] === true || typeof globalThis.fetch !== 'function') return;
  slots[WRAPPED] = true;
  const original = globalThis.fetch;
  globalThis.fetch = function noted(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const note = slots[CURRENT];
    if (typeof note === 'function') {
      const headers = headersOf(input, init);
      for (const name of CREDENTIAL_HEADERS) {
        const value = headers.get(name)?.replace(/^(Bearer|Basic|Token)\s+/i, '');
        if (value !== undefined && value.length >= 16) note(value);
      }
    }
    return original(input, init);
  } as typeof fetch;
}
