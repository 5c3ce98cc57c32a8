import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import type { Permission } from '../../src/domain/side.ts';
import { createSimulator } from '../../src/simulator/createSimulator.ts';
import type { Subaccount } from '../../src/simulator/engine/state.ts';
import type { BootstrappedAccount } from '../../src/simulator/testing/bootstrapAccount.ts';
import { CHAIN, type Harness, openBody, startSim } from './harness.ts';

/**
 * Every endpoint × every credential situation, answered as the interface document says:
 * 401 for missing/malformed/unknown/revoked/expired credentials, 403 for a disabled subaccount
 * or a missing permission, success with the right permission.
 */
let h: Harness;
let acc: BootstrappedAccount;
let sub: Subaccount;
let longJwt: string;
let expiredJwt: string;
let revokedKey: string;
const keyFor = new Map<Permission, string>();

const q = (extra = '') => `subaccountAddress=${acc.subaccount}&chainId=${CHAIN}${extra}`;
const openBodyOf = (over: Record<string, unknown> = {}) => openBody(acc.subaccount, over);

async function opened(): Promise<string> {
  const r = h.sim.engine.submitOpen(sub, {
    marketId: 1,
    positionType: 'LONG',
    orderType: 'MARKET',
    quantity: 0.01,
    leverage: 5,
  });
  await h.clock.advance(1_500);
  return r.quote.quoteId as string;
}
const pendingLimit = (): string =>
  h.sim.engine.submitOpen(sub, {
    marketId: 1,
    positionType: 'LONG',
    orderType: 'LIMIT',
    quantity: 0.01,
    leverage: 5,
    limitPrice: 50_000,
  }).tempId;
async function pendingClose(): Promise<string> {
  const quoteId = await opened();
  const quote = h.sim.engine.quote(quoteId);
  if (!quote) throw new Error('no quote');
  return h.sim.engine.submitClose(quote, { quantityToClose: 0.01, orderType: 'LIMIT', closePrice: 500_000 })
    .tempId;
}

interface Endpoint {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly auth: 'jwt' | 'key';
  /** The permission the contract maps this endpoint to; absent for reads open to any valid key. */
  readonly perm?: Permission;
  /** Builds path and body, creating whatever the call acts on. */
  readonly make: () => Promise<{ path: string; body?: unknown }> | { path: string; body?: unknown };
}

const throwawayKey = () => h.sim.accounts.createKey(acc.wallet, 'throwaway').record.id;

const ENDPOINTS: readonly Endpoint[] = [
  // JWT: account setup
  {
    name: 'create key',
    method: 'POST',
    auth: 'jwt',
    make: () => ({ path: '/v1/api-keys/create', body: { name: 'k' } }),
  },
  { name: 'list keys', method: 'GET', auth: 'jwt', make: () => ({ path: '/v1/api-keys/list' }) },
  {
    name: 'rename key',
    method: 'PUT',
    auth: 'jwt',
    make: () => ({ path: `/v1/api-keys/${throwawayKey()}`, body: { name: 'renamed' } }),
  },
  {
    name: 'revoke key',
    method: 'DELETE',
    auth: 'jwt',
    make: () => ({ path: `/v1/api-keys/${throwawayKey()}` }),
  },
  {
    name: 'toggle access',
    method: 'POST',
    auth: 'jwt',
    make: () => ({
      path: '/v1/account-auth/subaccount/toggle-access',
      body: { subaccountAddress: acc.subaccount, chainId: CHAIN, enable: true },
    }),
  },
  {
    name: 'delegate',
    method: 'POST',
    auth: 'jwt',
    make: () => ({
      path: '/v1/account-auth/delegate-access',
      body: {
        subaccountAddress: acc.subaccount,
        apiKeyIdentifier: throwawayKey(),
        permissions: ['VIEW_DETAILS'],
      },
    }),
  },
  {
    name: 'revoke access',
    method: 'POST',
    auth: 'jwt',
    make: () => ({
      path: '/v1/account-auth/revoke-access',
      body: { subaccountAddress: acc.subaccount, apiKeyIdentifier: throwawayKey() },
    }),
  },
  {
    name: 'list delegations',
    method: 'GET',
    auth: 'jwt',
    make: () => ({ path: `/v1/account-auth/delegations?subaccountAddress=${acc.subaccount}` }),
  },
  {
    name: 'instant token',
    method: 'POST',
    auth: 'jwt',
    make: () => ({
      path: '/v1/account-auth/instant-action/token',
      body: { subaccountAddress: acc.subaccount, chainId: CHAIN, solver: 'PERPS_HUB', token: 'dev-token-1' },
    }),
  },
  {
    name: 'create subaccount',
    method: 'POST',
    auth: 'jwt',
    make: () => ({ path: '/v1/accounts/subaccounts', body: { chainId: CHAIN, name: 'second' } }),
  },
  // API key: trade
  {
    name: 'create position',
    method: 'POST',
    auth: 'key',
    perm: 'OPEN_POSITION',
    make: () => ({ path: '/v1/trade/create-position', body: openBodyOf() }),
  },
  {
    name: 'close position',
    method: 'POST',
    auth: 'key',
    perm: 'CLOSE_POSITION',
    make: async () => ({
      path: '/v1/trade/close-position',
      body: { quoteId: await opened(), quantityToClose: 0.01, chainId: CHAIN, orderType: 'MARKET' },
    }),
  },
  {
    name: 'cancel quote',
    method: 'POST',
    auth: 'key',
    perm: 'CANCEL_POSITION',
    make: () => ({ path: '/v1/trade/cancel-quote', body: { positionId: pendingLimit(), chainId: CHAIN } }),
  },
  {
    name: 'cancel close',
    method: 'POST',
    auth: 'key',
    perm: 'CANCEL_POSITION',
    make: async () => ({
      path: '/v1/trade/cancel-close-request',
      body: { closeRequestId: await pendingClose(), chainId: CHAIN },
    }),
  },
  {
    name: 'batch create',
    method: 'POST',
    auth: 'key',
    perm: 'OPEN_POSITION',
    make: () => ({
      path: '/v1/trade/batch-create-positions',
      body: {
        chainId: CHAIN,
        subaccountAddress: acc.subaccount,
        items: [{ ...openBodyOf(), chainId: undefined }],
      },
    }),
  },
  {
    name: 'batch close',
    method: 'POST',
    auth: 'key',
    perm: 'CLOSE_POSITION',
    make: async () => ({
      path: '/v1/trade/batch-close-positions',
      body: {
        chainId: CHAIN,
        subaccountAddress: acc.subaccount,
        items: [{ quoteId: await opened(), quantityToClose: 0.01, orderType: 'MARKET' }],
      },
    }),
  },
  {
    name: 'batch cancel',
    method: 'POST',
    auth: 'key',
    perm: 'CANCEL_POSITION',
    make: () => ({
      path: '/v1/trade/batch-cancel-quotes',
      body: { chainId: CHAIN, subaccountAddress: acc.subaccount, items: [{ positionId: pendingLimit() }] },
    }),
  },
  {
    name: 'batch cancel close',
    method: 'POST',
    auth: 'key',
    perm: 'CANCEL_POSITION',
    make: async () => ({
      path: '/v1/trade/batch-cancel-close-requests',
      body: {
        chainId: CHAIN,
        subaccountAddress: acc.subaccount,
        items: [{ closeRequestId: await pendingClose() }],
      },
    }),
  },
  {
    name: 'close all',
    method: 'POST',
    auth: 'key',
    perm: 'CLOSE_POSITION',
    make: () => ({
      path: '/v1/trade/close-all-positions',
      body: { chainId: CHAIN, subaccountAddress: acc.subaccount },
    }),
  },
  // API key: positions, polls, accounts, TP/SL
  {
    name: 'positions',
    method: 'GET',
    auth: 'key',
    perm: 'VIEW_DETAILS',
    make: () => ({ path: `/v1/positions/all?${q()}` }),
  },
  {
    name: 'open status',
    method: 'GET',
    auth: 'key',
    perm: 'VIEW_DETAILS',
    make: () => ({ path: `/v1/positions/open-request/status?positionId=${pendingLimit()}&chainId=${CHAIN}` }),
  },
  {
    name: 'close status',
    method: 'GET',
    auth: 'key',
    perm: 'VIEW_DETAILS',
    make: async () => ({
      path: `/v1/positions/close-request/status?closeRequestId=${await pendingClose()}&chainId=${CHAIN}`,
    }),
  },
  {
    name: 'cancel status',
    method: 'GET',
    auth: 'key',
    perm: 'VIEW_DETAILS',
    make: () => {
      const target = h.sim.engine.quote(pendingLimit());
      if (!target) throw new Error('no quote');
      return {
        path: `/v1/positions/cancel-request/status?positionId=${h.sim.engine.submitCancelOpen(target).tempId}&chainId=${CHAIN}`,
      };
    },
  },
  {
    name: 'cancel close status',
    method: 'GET',
    auth: 'key',
    perm: 'VIEW_DETAILS',
    make: async () => {
      const close = h.sim.engine.request(await pendingClose());
      if (!close) throw new Error('no close');
      return {
        path: `/v1/positions/cancel-close-request/status?closeRequestId=${h.sim.engine.submitCancelClose(close).tempId}&chainId=${CHAIN}`,
      };
    },
  },
  {
    name: 'balance',
    method: 'GET',
    auth: 'key',
    perm: 'VIEW_DETAILS',
    make: () => ({ path: `/v1/accounts/subaccount/balance?${q()}` }),
  },
  {
    name: 'isolated accounts',
    method: 'GET',
    auth: 'key',
    perm: 'VIEW_DETAILS',
    make: () => ({ path: `/v1/accounts/isolated?${q()}` }),
  },
  {
    name: 'instant layer status',
    method: 'GET',
    auth: 'key',
    perm: 'VIEW_DETAILS',
    make: () => ({ path: `/v1/instant-layer/status?${q()}` }),
  },
  {
    name: 'tpsl set',
    method: 'POST',
    auth: 'key',
    perm: 'CLOSE_POSITION',
    make: async () => ({
      path: '/v1/tpsl/set',
      body: { quoteId: await opened(), chainId: CHAIN, takeProfit: 200_000 },
    }),
  },
  {
    name: 'tpsl cancel',
    method: 'POST',
    auth: 'key',
    perm: 'CLOSE_POSITION',
    make: async () => ({ path: '/v1/tpsl/cancel', body: { quoteId: await opened(), chainId: CHAIN } }),
  },
  {
    name: 'tpsl list',
    method: 'POST',
    auth: 'key',
    perm: 'VIEW_DETAILS',
    make: async () => ({ path: '/v1/tpsl/list', body: { quoteIds: [await opened()], chainId: CHAIN } }),
  },
  // API key: reads open to any valid key
  { name: 'markets', method: 'GET', auth: 'key', make: () => ({ path: `/v1/markets/aggregated/${CHAIN}` }) },
  {
    name: 'mark price',
    method: 'GET',
    auth: 'key',
    make: () => ({ path: '/v1/pricing/mark-price/BTCUSDT' }),
  },
  {
    name: 'last price',
    method: 'GET',
    auth: 'key',
    make: () => ({ path: '/v1/pricing/last-price/BTCUSDT' }),
  },
  {
    name: 'mark prices',
    method: 'GET',
    auth: 'key',
    make: () => ({ path: '/v1/pricing/mark-prices?symbols=BTCUSDT&symbols=ETHUSDT' }),
  },
  ...['funding-info', 'notional-cap', 'open-interest', 'locked-parameters', 'price-range'].map(
    (s): Endpoint => ({
      name: `solvers ${s}`,
      method: 'GET',
      auth: 'key',
      make: () => ({ path: `/v1/solvers/${s}?solver=PERPS_HUB&chainId=${CHAIN}` }),
    }),
  ),
  {
    name: 'public account',
    method: 'GET',
    auth: 'key',
    make: () => ({ path: `/v1/public/account/${acc.subaccount}` }),
  },
  {
    name: 'public funding',
    method: 'GET',
    auth: 'key',
    make: () => ({ path: '/v1/public/funding/BTCUSDT' }),
  },
  { name: 'rwa tickers', method: 'GET', auth: 'key', make: () => ({ path: '/v1/rwa/tickers' }) },
  { name: 'rwa hours', method: 'GET', auth: 'key', make: () => ({ path: '/v1/rwa/market-hours/XAUUSD' }) },
  {
    name: 'list permissions',
    method: 'POST',
    auth: 'key',
    make: () => ({ path: '/v1/api-keys/list-permissions', body: {} }),
  },
  {
    name: 'subaccounts',
    method: 'GET',
    auth: 'key',
    make: () => ({ path: `/v1/accounts/subaccounts?chainId=${CHAIN}` }),
  },
];

type Situation =
  | 'none'
  | 'malformed'
  | 'unknown'
  | 'revoked'
  | 'expired JWT'
  | 'subaccount disabled'
  | 'permission missing'
  | 'right permission';

function credential(e: Endpoint, s: Situation): Record<string, string> {
  const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
  const key = (k: string) => ({ 'x-api-key': k });
  switch (s) {
    case 'none':
      return {};
    case 'malformed':
      return e.auth === 'jwt' ? bearer('not-a-jwt') : key('ix.1234');
    case 'unknown':
      return e.auth === 'jwt' ? bearer(`${longJwt.slice(0, -4)}AAAA`) : key(`ix.${'0'.repeat(64)}`);
    case 'revoked':
      return key(revokedKey);
    case 'expired JWT':
      return bearer(expiredJwt);
    case 'subaccount disabled':
    case 'right permission':
      return e.auth === 'jwt' ? bearer(longJwt) : key(keyFor.get(e.perm ?? 'VIEW_DETAILS') as string);
    case 'permission missing':
      return key(keyFor.get(e.perm === 'VIEW_DETAILS' ? 'OPEN_POSITION' : 'VIEW_DETAILS') as string);
  }
}

const EXPECTED: Record<Situation, number | 'ok'> = {
  none: 401,
  malformed: 401,
  unknown: 401,
  revoked: 401,
  'expired JWT': 401,
  'subaccount disabled': 403,
  'permission missing': 403,
  'right permission': 'ok',
};

const CASES = ENDPOINTS.flatMap((e) =>
  (Object.keys(EXPECTED) as Situation[])
    .filter((s) =>
      s === 'subaccount disabled' || s === 'permission missing'
        ? e.auth === 'key' && e.perm !== undefined
        : true,
    )
    .map((s) => ({ e, s })),
);

beforeAll(async () => {
  h = await startSim();
  acc = await h.account({ collateral: 1_000_000 });
  sub = h.sim.accounts.subaccount(acc.subaccount, CHAIN);
  const session = await h.call('POST', '/dev/sign-in', {}, { walletAddress: acc.wallet, ttlSeconds: 86_400 });
  longJwt = session.body.data.token;
  const short = await h.call('POST', '/dev/sign-in', {}, { walletAddress: acc.wallet, ttlSeconds: 1 });
  expiredJwt = short.body.data.token;
  const jwt = h.asJwt(longJwt);
  for (const p of ['OPEN_POSITION', 'CLOSE_POSITION', 'CANCEL_POSITION', 'VIEW_DETAILS'] as const) {
    const k = await jwt.post('/v1/api-keys/create', { name: p });
    await jwt.post('/v1/account-auth/delegate-access', {
      subaccountAddress: acc.subaccount,
      apiKeyIdentifier: k.body.data.id,
      permissions: [p],
    });
    keyFor.set(p, k.body.data.key);
  }
  const r = await jwt.post('/v1/api-keys/create', { name: 'revoked' });
  await jwt.post('/v1/account-auth/delegate-access', {
    subaccountAddress: acc.subaccount,
    apiKeyIdentifier: r.body.data.id,
    permissions: ['ALL'],
  });
  revokedKey = r.body.data.key;
  await jwt.del(`/v1/api-keys/${r.body.data.id}`);
  await h.clock.advance(2_000);
});
afterAll(async () => {
  expect(h.internalErrors).toEqual([]);
  await h.close();
});

describe('auth matrix', () => {
  it.each(CASES.map((c) => [c.e.name, c.s, c]))('%s with %s', async (_n, _s, { e, s }) => {
    const { path, body } = await e.make();
    if (s === 'subaccount disabled') sub.apiAccessEnabled = false;
    try {
      const r = await h.call(e.method, path, credential(e, s), body);
      const want = EXPECTED[s];
      if (want === 'ok') {
        expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
        expect(r.body.success).toBe(true);
      } else {
        expect(r.status, JSON.stringify(r.body)).toBe(want);
        expect(r.body).toMatchObject({ success: false, data: null, error: { code: expect.any(String) } });
      }
    } finally {
      sub.apiAccessEnabled = true;
    }
  });

  it('answers 401 to a revoked key on the very next request', async () => {
    const jwt = h.asJwt(longJwt);
    const k = await jwt.post('/v1/api-keys/create', { name: 'short-lived' });
    await jwt.post('/v1/account-auth/delegate-access', {
      subaccountAddress: acc.subaccount,
      apiKeyIdentifier: k.body.data.id,
      permissions: ['ALL'],
    });
    const api = h.as(k.body.data.key);
    expect((await api.get(`/v1/positions/all?${q()}`)).status).toBe(200);
    await jwt.del(`/v1/api-keys/${k.body.data.id}`);
    const after = await api.get(`/v1/positions/all?${q()}`);
    expect(after.status).toBe(401);
    expect(after.body.error.message).toMatch(/revoked/);
  });

  it('answers 401 once a session JWT expires', async () => {
    const s = await h.call('POST', '/dev/sign-in', {}, { walletAddress: acc.wallet, ttlSeconds: 60 });
    const jwt = h.asJwt(s.body.data.token);
    expect((await jwt.get('/v1/api-keys/list')).status).toBe(200);
    await h.clock.advance(60_000);
    const r = await jwt.get('/v1/api-keys/list');
    expect(r.status).toBe(401);
    expect(r.body.error.message).toMatch(/expired/);
  });

  it('never echoes a credential in an error message', async () => {
    const r = await h.call('GET', `/v1/positions/all?${q()}`, { 'x-api-key': revokedKey });
    expect(JSON.stringify(r.body)).not.toContain(revokedKey.slice(3));
  });
});

const BOB = '0x0000000000000000000000000000000000000b0b';
const b64json = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] as string, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
const bobJwt = async () =>
  (await h.call('POST', '/dev/sign-in', {}, { walletAddress: BOB, ttlSeconds: 3_600 })).body.data
    .token as string;

describe('tampered and cross-wallet session tokens', () => {
  const refused = async (jwt: string, message: RegExp) => {
    const r = await h.asJwt(jwt).get('/v1/api-keys/list');
    expect([r.status, r.body.error.code]).toEqual([401, 'UNAUTHORIZED']);
    expect(r.body.error.message).toMatch(message);
  };

  it('refuses an unsigned token (alg none) carrying the wallet', async () => {
    const claims = claimsOf(longJwt);
    await refused(`${b64json({ alg: 'none', typ: 'JWT' })}.${b64json(claims)}.`, /signature is invalid/);
  });

  it("refuses another wallet's payload under this wallet's signature", async () => {
    const [header, , signature] = longJwt.split('.');
    const bobPayload = (await bobJwt()).split('.')[1];
    await refused(`${header}.${bobPayload}.${signature}`, /signature is invalid/);
  });

  it('refuses a token whose expiry was extended after signing', async () => {
    const [header, , signature] = expiredJwt.split('.');
    const claims = claimsOf(expiredJwt);
    const extended = b64json({ ...claims, exp: (claims.exp as number) + 10 * 365 * 86_400 });
    await refused(`${header}.${extended}.${signature}`, /signature is invalid/);
  });

  it("answers 404 to a wallet acting on another wallet's subaccount, and changes nothing", async () => {
    const bob = h.asJwt(await bobJwt());
    const toggle = await bob.post('/v1/account-auth/subaccount/toggle-access', {
      subaccountAddress: acc.subaccount,
      chainId: CHAIN,
      enable: false,
    });
    expect([toggle.status, toggle.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const delegate = await bob.post('/v1/account-auth/delegate-access', {
      subaccountAddress: acc.subaccount,
      apiKeyIdentifier: acc.apiKeyId,
      permissions: ['ALL'],
    });
    expect([delegate.status, delegate.body.error.code]).toEqual([404, 'NOT_FOUND']);
    expect(sub.apiAccessEnabled).toBe(true);
  });

  it("answers 404 to a wallet renaming or revoking another wallet's key", async () => {
    const bob = h.asJwt(await bobJwt());
    expect((await bob.put(`/v1/api-keys/${acc.apiKeyId}`, { name: 'mine' })).status).toBe(404);
    expect((await bob.del(`/v1/api-keys/${acc.apiKeyId}`)).status).toBe(404);
    expect((await h.as(acc.apiKey).get(`/v1/positions/all?${q()}`)).status).toBe(200);
  });
});

describe('dev doors', () => {
  it('answers 404 on /dev/sign-in and /dev/faucet, in process and over HTTP, when closed', async () => {
    const sim = createSimulator({ clock: new VirtualClock(), devDoors: false });
    const server = await sim.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (const path of ['/dev/sign-in', '/dev/faucet'])
        for (const base of ['http://sim.local', server.url]) {
          const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
          const r =
            base === server.url
              ? await fetch(`${base}${path}`, init)
              : await sim.fetch(new Request(`${base}${path}`, init));
          expect([r.status, ((await r.json()) as { error: { code: string } }).error.code]).toEqual([
            404,
            'ROUTE_NOT_FOUND',
          ]);
        }
    } finally {
      sim.stop();
      await server.close();
    }
  });
});
