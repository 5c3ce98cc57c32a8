import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost: N = 2^15, r = 8, p = 1 (32 MiB, about 50 ms here): slow to guess, quick to log in. */
const N = 32_768;
const R = 8;
const P = 1;
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_BYTES, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }, (e, key) =>
      e === null ? resolve(key) : reject(e),
    ),
  );
}

/** `scrypt$N$r$p$salt$key` (base64url): what `perpflow console hash` prints for the config's env. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Whether `password` matches `hash`; a malformed hash matches nothing. Constant time in the key. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = hash.split('$');
  if (scheme !== 'scrypt' || salt === undefined || key === undefined) return false;
  const want = Buffer.from(key, 'base64url');
  const cost = [Number(n), Number(r), Number(p)];
  if (want.length !== KEY_BYTES || cost.some((c) => !Number.isSafeInteger(c) || c < 1)) return false;
  try {
    const got = await derive(
      password,
      Buffer.from(salt, 'base64url'),
      cost[0] ?? N,
      cost[1] ?? R,
      cost[2] ?? P,
    );
    return timingSafeEqual(got, want);
  } catch {
    return false;
  }
}
