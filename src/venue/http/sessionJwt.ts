import { ConfigError } from '../../errors/ConfigError.ts';

const JWT_FORMAT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** A session JWT is three base64url segments; anything else is refused before a request exists. */
export function assertSessionJwt(value: unknown, source = 'jwt'): string {
  if (typeof value !== 'string' || value === '')
    throw new ConfigError(`${source}: missing session JWT (sign in with the wallet first)`);
  if (!JWT_FORMAT.test(value))
    throw new ConfigError(
      `${source}: malformed session JWT (expected three base64url segments separated by dots)`,
    );
  return value;
}
