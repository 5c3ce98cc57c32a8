import { hash, randomBytes } from 'node:crypto';
import type { Clock } from '../../clock/Clock.ts';
import { type Decimal, dec, ZERO } from '../../domain/money.ts';
import type { Permission } from '../../domain/side.ts';
import { noteSecret } from '../../log/secretTap.ts';
import { ExposureBook } from './ExposureBook.ts';
import { signJwt, verifyJwt } from './jwt.ts';
import { reject } from './SimRejection.ts';
import { SlotList } from './SlotList.ts';
import type { ApiKeyRecord, Subaccount } from './state.ts';

const KEY_FORMAT = /^ix\.[0-9a-f]{64}$/i;
const sha256 = (s: string): string => hash('sha256', s, 'hex');

/**
 * Wallets, subaccounts, API keys (stored hashed), delegations, instant-action tokens and
 * session JWTs. Every check here is strict: what the interface document refuses, we refuse.
 */
export class AccountBook {
  private readonly clock: Clock;
  /** Never from the seeded RNG: whoever knows the seed could forge sessions (issue 14). */
  private readonly jwtSecret = randomBytes(32).toString('hex');
  private readonly keysById = new Map<string, ApiKeyRecord>();
  private readonly keysByHash = new Map<string, ApiKeyRecord>();
  readonly subaccounts = new Map<string, Subaccount>();
  private readonly byWallet = new Map<string, Subaccount[]>();
  private keySeq = 0;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  /** The development sign-in door: a session JWT for the wallet, creating its first subaccount per chain. */
  signIn(wallet: string, chainId: number, ttlSeconds = 3_600): { token: string; expiresAt: number } {
    const w = wallet.toLowerCase();
    if (!this.byWallet.get(w)?.some((s) => s.chainId === chainId)) this.createSubaccount(w, chainId, 'main');
    const iat = Math.floor(this.clock.now() / 1000);
    const exp = iat + ttlSeconds;
    const token = signJwt({ sub: w, iat, exp, jti: randomBytes(8).toString('hex') }, this.jwtSecret);
    noteSecret(token);
    return { token, expiresAt: exp * 1000 };
  }

  /** The wallet of a valid, unexpired session token; 401 otherwise. */
  verifySession(token: string): string {
    const claims = verifyJwt(token, this.jwtSecret);
    if (typeof claims === 'string') throw reject.unauthorized(claims);
    if (claims.exp * 1000 <= this.clock.now())
      throw reject.unauthorized('the session token has expired: sign in again');
    return claims.sub;
  }

  /** The development faucet: credits collateral to a subaccount. */
  faucet(address: string, chainId: number, amount: number): Decimal {
    const sub = this.subaccount(address, chainId);
    if (!(amount > 0)) throw reject.validation('amount: must be a positive number');
    sub.collateral = sub.collateral.plus(dec(amount));
    return sub.collateral;
  }

  setApiAccess(sub: Subaccount, enable: boolean): void {
    sub.apiAccessEnabled = enable;
  }

  /** Replaces the key's permissions on the subaccount; a revoked key cannot be delegated. */
  delegate(sub: Subaccount, key: ApiKeyRecord, permissions: readonly Permission[]): void {
    if (key.revoked) throw reject.business('KEY_REVOKED', `API key ${key.id} is revoked`);
    sub.delegations.set(key.id, new Set(permissions));
  }

  /** True when the key held permissions on the subaccount. */
  revokeDelegation(sub: Subaccount, keyId: string): boolean {
    return sub.delegations.delete(keyId);
  }

  registerInstantToken(sub: Subaccount, solver: string, token: string): void {
    noteSecret(token);
    sub.instantTokens.set(solver, token);
  }

  renameKey(key: ApiKeyRecord, name: string): void {
    key.name = name;
  }

  /** Effective on the very next request: authenticateKey reads the flag each time. */
  revokeKey(key: ApiKeyRecord): void {
    key.revoked = true;
  }

  createSubaccount(wallet: string, chainId: number, name: string): Subaccount {
    const list = this.byWallet.get(wallet) ?? [];
    const address = `0x${sha256(`${wallet}:${chainId}:${list.length}`).slice(0, 40)}`;
    const sub: Subaccount = {
      address,
      chainId,
      wallet,
      name,
      apiAccessEnabled: false,
      collateral: ZERO,
      delegations: new Map(),
      instantTokens: new Map(),
      live: new SlotList('subSlot'),
      exposures: new ExposureBook(),
      reservedN: 0,
      reservedErr: 0,
      reserving: 0,
    };
    list.push(sub);
    this.byWallet.set(wallet, list);
    this.subaccounts.set(address, sub);
    return sub;
  }

  subaccountsOf(wallet: string, chainId?: number): readonly Subaccount[] {
    return (this.byWallet.get(wallet) ?? []).filter((s) => chainId === undefined || s.chainId === chainId);
  }

  /** The subaccount, owned by `wallet` when given; 404 when absent (no hint whether it exists elsewhere). */
  subaccount(address: string, chainId: number, wallet?: string): Subaccount {
    const s = this.subaccounts.get(address.toLowerCase());
    if (!s || s.chainId !== chainId || (wallet !== undefined && s.wallet !== wallet))
      throw reject.notFound(`subaccount ${address} on chain ${chainId} is not one of yours`);
    return s;
  }

  createKey(wallet: string, name: string): { record: ApiKeyRecord; secret: string } {
    const secret = `ix.${randomBytes(32).toString('hex')}`;
    noteSecret(secret);
    const record: ApiKeyRecord = {
      id: `key_${(++this.keySeq).toString().padStart(6, '0')}`,
      name,
      wallet,
      hash: sha256(secret),
      createdAt: this.clock.now(),
      lastUsedAt: null,
      revoked: false,
    };
    this.keysById.set(record.id, record);
    this.keysByHash.set(record.hash, record);
    return { record, secret };
  }

  keysOf(wallet: string): readonly ApiKeyRecord[] {
    return [...this.keysById.values()].filter((k) => k.wallet === wallet);
  }

  ownKey(wallet: string, id: string): ApiKeyRecord {
    const k = this.keysById.get(id);
    if (!k || k.wallet !== wallet) throw reject.notFound(`API key ${id} is not one of yours`);
    return k;
  }

  /** The active key behind a secret; 401 for malformed, unknown or revoked. Revocation is seen at once. */
  authenticateKey(secret: string): ApiKeyRecord {
    if (!KEY_FORMAT.test(secret))
      throw reject.unauthorized('the API key is malformed: expected ix. followed by 64 hex characters');
    const k = this.keysByHash.get(sha256(secret.toLowerCase()));
    if (!k) throw reject.unauthorized('the API key is unknown');
    if (k.revoked) throw reject.unauthorized('the API key has been revoked');
    k.lastUsedAt = this.clock.now();
    return k;
  }

  /** 403 unless the subaccount is enabled and the key holds `permission` (or ALL) on it. */
  authorize(key: ApiKeyRecord, sub: Subaccount, permission: Permission): void {
    const perms = sub.delegations.get(key.id);
    if (!perms && sub.wallet !== key.wallet)
      throw reject.forbidden('NOT_DELEGATED', `the key has no access to subaccount ${sub.address}`);
    if (!sub.apiAccessEnabled)
      throw reject.forbidden('SUBACCOUNT_DISABLED', `API access is not enabled on subaccount ${sub.address}`);
    if (!perms || !(perms.has('ALL') || perms.has(permission)))
      throw reject.forbidden(
        'PERMISSION_MISSING',
        `the key lacks the ${permission} permission on subaccount ${sub.address}`,
      );
  }

  /** Subaccounts a key was delegated on, with its permissions. */
  delegationsOf(key: ApiKeyRecord): { sub: Subaccount; permissions: readonly Permission[] }[] {
    const out: { sub: Subaccount; permissions: readonly Permission[] }[] = [];
    for (const sub of this.subaccounts.values()) {
      const p = sub.delegations.get(key.id);
      if (p) out.push({ sub, permissions: [...p].sort() });
    }
    return out;
  }
}
