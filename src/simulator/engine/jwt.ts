import { createHmac, timingSafeEqual } from 'node:crypto';
import { isRecord } from '../../domain/isRecord.ts';

export interface SessionClaims {
  /** Wallet address, lower case. */
  readonly sub: string;
  /** Seconds since epoch, as JWTs count. */
  readonly iat: number;
  readonly exp: number;
  readonly jti: string;
}

const b64 = (s: string): string => Buffer.from(s).toString('base64url');
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** Signs an HS256 JWT; the simulator is the only party that verifies it. */
export function signJwt(claims: SessionClaims, secret: string): string {
  const body = `${HEADER}.${b64(JSON.stringify(claims))}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The claims of a well-signed token, or a reason it is not one. Expiry is checked by the caller. */
export function verifyJwt(token: string, secret: string): SessionClaims | string {
  const parts = token.split('.');
  if (parts.length !== 3) return 'the session token is not a JWT';
  const [h = '', p = '', sig = ''] = parts;
  const expected = createHmac('sha256', secret).update(`${h}.${p}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return 'the session token signature is invalid';
  try {
    const claims: unknown = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
    if (!isRecord(claims)) return 'the session token has no subject';
    const { sub, iat, exp, jti } = claims;
    if (typeof sub !== 'string' || typeof exp !== 'number') return 'the session token has no subject';
    // We signed it: iat and jti are ours too, read as they were written.
    return { sub, exp, iat: typeof iat === 'number' ? iat : 0, jti: typeof jti === 'string' ? jti : '' };
  } catch {
    return 'the session token payload is not JSON';
  }
}
