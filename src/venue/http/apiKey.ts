import { ConfigError } from '../../errors/ConfigError.ts';

/** `ix.` + 64 hex digits (venue-http-interface.md "Limits"). */
const API_KEY_FORMAT = /^ix\.[0-9a-fA-F]{64}$/;

export function isApiKey(value: string): boolean {
  return API_KEY_FORMAT.test(value);
}

/**
 * Checked before any request is built, so a mistyped or truncated key never leaves the machine.
 * The message describes the shape only: the value itself could be a real key with a typo.
 */
export function assertApiKey(value: unknown, source = 'apiKey'): string {
  if (typeof value !== 'string' || value === '')
    throw new ConfigError(`${source}: missing venue API key (expected "ix." followed by 64 hex digits)`);
  if (!isApiKey(value)) {
    const shape = value.startsWith('ix.')
      ? `"ix." followed by ${value.length - 3} characters`
      : `${value.length} characters without the "ix." prefix`;
    throw new ConfigError(
      `${source}: malformed venue API key (expected "ix." followed by 64 hex digits, got ${shape})`,
    );
  }
  return value;
}
