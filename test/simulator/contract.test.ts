import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BootstrappedAccount } from '../../src/simulator/testing/bootstrapAccount.ts';
import { CHAIN, type Harness, openBody, startSim } from './harness.ts';

let h: Harness;
let acc: BootstrappedAccount;
let api: ReturnType<Harness['as']>;

const open = (over: Record<string, unknown> = {}) => openBody(acc.subaccount, { slippage: 0.01, ...over });

const status = async (kind: 'open' | 'close' | 'cancel' | 'cancel-close', id: string) => {
  const param = kind === 'open' || kind === 'cancel' ? 'positionId' : 'closeRequestId';
  return api.get(`/v1/positions/${kind}-request/status?${param}=${id}&chainId=${CHAIN}`);
};
const positions = async () =>
  (await api.get(`/v1/positions/all?subaccountAddress=${acc.subaccount}&chainId=${CHAIN}`)).body.data;
const settle = () => h.clock.advance(1_500);

async function openedPosition(over: Record<string, unknown> = {}): Promise<string> {
  const r = await api.post('/v1/trade/create-position', open(over));
  expect(r.status).toBe(201);
  await settle();
  const s = await status('open', r.body.data.tempId);
  expect(s.body.data.status).toBe('OPENED');
  return s.body.data.quoteId;
}

beforeAll(async () => {
  h = await startSim();
  acc = await h.account({ collateral: 100_000 });
  api = h.as(acc.apiKey);
});
afterAll(async () => {
  expect(h.internalErrors).toEqual([]);
  await h.close();
});

describe('account setup over HTTP', () => {
  it('gives a key that is listed without its secret and holds the delegated permissions', async () => {
    const jwt = h.asJwt(acc.jwt);
    const keys = await jwt.get('/v1/api-keys/list');
    expect(keys.body.data).toEqual([expect.objectContaining({ id: acc.apiKeyId, revoked: false })]);
    expect(JSON.stringify(keys.body)).not.toContain(acc.apiKey);
    const perms = await api.post('/v1/api-keys/list-permissions', {});
    expect(perms.body.data).toEqual({
      isValid: true,
      subaccounts: [{ subaccountAddress: acc.subaccount, chainId: CHAIN, permissions: ['ALL'] }],
    });
  });

  it('answers the envelope with a field-level VALIDATION message for a bad body', async () => {
    const r = await api.post('/v1/trade/create-position', open({ quantity: -1, positionType: 'UP' }));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, data: null, error: { code: 'VALIDATION' } });
    expect(r.body.error.message).toMatch(/body\.positionType/);
    expect(r.body.error.message).toMatch(/body\.quantity/);
  });
});

describe('MARKET open', () => {
  it('answers 201 PENDING at once, then OPENED with a quoteId after the fill latency', async () => {
    const r = await api.post('/v1/trade/create-position', open());
    expect(r.status).toBe(201);
    expect(r.body.data).toEqual({ tempId: expect.any(String), status: 'PENDING' });
    expect((await status('open', r.body.data.tempId)).body.data.status).toBe('PENDING');
    await settle();
    const s = (await status('open', r.body.data.tempId)).body.data;
    expect(s).toMatchObject({ status: 'OPENED', filledQuantity: '0.01', quoteId: expect.any(String) });
    // Long fills at the mark plus the half-spread, rounded up to the price precision.
    expect(s.avgPrice).toBe('95019');
    const row = (await positions()).find((p: { id: string }) => p.id === s.quoteId);
    expect(Object.keys(row).sort()).toEqual(
      [
        'id',
        'tempId',
        'marketId',
        'symbol',
        'positionType',
        'quantity',
        'closedAmount',
        'openedPrice',
        'leverage',
        'status',
        'unrealizedPnl',
        'margin',
        'accumulatedFunding',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
  });

  it('fails with 4104 when the mark moved beyond slippage before the fill', async () => {
    const r = await api.post('/v1/trade/create-position', open({ slippage: 0.001 }));
    h.sim.engine.setMark('BTCUSDT', 96_000);
    await settle();
    expect((await status('open', r.body.data.tempId)).body.data).toMatchObject({
      status: 'FAILED',
      errorCode: '4104',
    });
    h.sim.engine.setMark('BTCUSDT', 95_000);
  });

  it('refuses an open the margin cannot carry with 4000', async () => {
    const r = await api.post('/v1/trade/create-position', open({ quantity: 100, leverage: 1 }));
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('NOTIONAL_OUT_OF_RANGE');
    const r2 = await api.post('/v1/trade/create-position', open({ quantity: 20, leverage: 1 }));
    expect(r2.status).toBe(400);
    expect(r2.body.error.code).toBe('4000');
  });

  it('refuses too many decimals, leverage above the maximum and an unknown marketId', async () => {
    expect((await api.post('/v1/trade/create-position', open({ quantity: 0.0101 }))).body.error.code).toBe(
      'VALIDATION',
    );
    expect((await api.post('/v1/trade/create-position', open({ leverage: 61 }))).body.error.code).toBe(
      'VALIDATION',
    );
    expect((await api.post('/v1/trade/create-position', open({ marketId: 999 }))).body.error.code).toBe(
      'UNKNOWN_MARKET',
    );
    expect(
      (await api.post('/v1/trade/create-position', open({ orderType: 'LIMIT' }))).body.error.message,
    ).toMatch(/limitPrice/);
  });

  it('answers 200 with data null for an unknown symbol on a read', async () => {
    const r = await api.get('/v1/pricing/mark-price/NOPEUSDT');
    expect(r.status).toBe(200);
    expect(r.body.data).toBeNull();
  });
});

describe('LIMIT open', () => {
  it('rests PENDING until cancelled, then reports CANCELED for the open and the cancel', async () => {
    const r = await api.post(
      '/v1/trade/create-position',
      open({ orderType: 'LIMIT', limitPrice: 90_000, slippage: undefined }),
    );
    await h.clock.advance(60_000);
    expect((await status('open', r.body.data.tempId)).body.data.status).toBe('PENDING');
    const c = await api.post('/v1/trade/cancel-quote', { positionId: r.body.data.tempId, chainId: CHAIN });
    expect(c.status).toBe(201);
    expect((await status('cancel', c.body.data.tempId)).body.data.status).toBe('CANCEL_PENDING');
    await settle();
    expect((await status('cancel', c.body.data.tempId)).body.data.status).toBe('CANCELED');
    expect((await status('open', r.body.data.tempId)).body.data.status).toBe('CANCELED');
    expect((await positions()).some((p: { tempId: string }) => p.tempId === r.body.data.tempId)).toBe(false);
  });

  it('ends EXPIRED, with the cancel that lost the race, once it rests past the limit time', async () => {
    const own = await startSim({ limitTtlMs: 60_000 });
    const ownAcc = await own.account({ collateral: 100_000 });
    const ownApi = own.as(ownAcc.apiKey);
    const poll = async (kind: 'open' | 'cancel', id: string) =>
      (await ownApi.get(`/v1/positions/${kind}-request/status?positionId=${id}&chainId=${CHAIN}`)).body.data;
    const r = await ownApi.post(
      '/v1/trade/create-position',
      openBody(ownAcc.subaccount, { orderType: 'LIMIT', limitPrice: 90_000 }),
    );
    await own.clock.advance(59_500);
    const c = await ownApi.post('/v1/trade/cancel-quote', { positionId: r.body.data.tempId, chainId: CHAIN });
    await own.clock.advance(1_500);
    expect(await poll('open', r.body.data.tempId)).toMatchObject({ status: 'EXPIRED', quoteId: null });
    expect(await poll('cancel', c.body.data.tempId)).toMatchObject({ status: 'EXPIRED' });
    const list = await ownApi.get(
      `/v1/positions/all?subaccountAddress=${ownAcc.subaccount}&chainId=${CHAIN}`,
    );
    expect(list.body.data).toEqual([]);
    expect(own.internalErrors).toEqual([]);
    await own.close();
  });

  it('fills at the limit price once the mark crosses it', async () => {
    const r = await api.post(
      '/v1/trade/create-position',
      open({ orderType: 'LIMIT', limitPrice: 94_000, slippage: undefined }),
    );
    h.sim.engine.setMark('BTCUSDT', 93_900);
    expect((await status('open', r.body.data.tempId)).body.data.status).toBe('LOCKED');
    await settle();
    expect((await status('open', r.body.data.tempId)).body.data).toMatchObject({
      status: 'OPENED',
      avgPrice: '94000',
    });
    h.sim.engine.setMark('BTCUSDT', 95_000);
  });
});

describe('close', () => {
  it('closes partially (request ends OPENED) and then fully (CLOSED)', async () => {
    const quoteId = await openedPosition({ quantity: 0.02 });
    const c1 = await api.post('/v1/trade/close-position', {
      quoteId,
      quantityToClose: 0.005,
      chainId: CHAIN,
      orderType: 'MARKET',
      slippage: 0.01,
    });
    expect(c1.status).toBe(201);
    await settle();
    expect((await status('close', c1.body.data.tempId)).body.data).toMatchObject({
      status: 'OPENED',
      filledQuantity: '0.005',
    });
    const row = (await positions()).find((p: { id: string }) => p.id === quoteId);
    expect(row).toMatchObject({ status: 'OPENED', closedAmount: '0.005', quantity: '0.02' });
    const c2 = await api.post('/v1/trade/close-position', {
      quoteId,
      quantityToClose: 0.015,
      chainId: CHAIN,
      orderType: 'MARKET',
    });
    await settle();
    expect((await status('close', c2.body.data.tempId)).body.data).toMatchObject({
      status: 'CLOSED',
      filledQuantity: '0.015',
    });
    expect((await positions()).some((p: { id: string }) => p.id === quoteId)).toBe(false);
  });

  it('returns the position to OPENED when a pending close is cancelled', async () => {
    const quoteId = await openedPosition();
    const c = await api.post('/v1/trade/close-position', {
      quoteId,
      quantityToClose: 0.01,
      chainId: CHAIN,
      orderType: 'LIMIT',
      closePrice: 120_000,
    });
    expect((await positions()).find((p: { id: string }) => p.id === quoteId).status).toBe('CLOSE_PENDING');
    const cc = await api.post('/v1/trade/cancel-close-request', {
      closeRequestId: c.body.data.tempId,
      chainId: CHAIN,
    });
    expect(cc.status).toBe(201);
    await settle();
    expect((await status('cancel-close', cc.body.data.tempId)).body.data.status).toBe('OPENED');
    expect((await status('close', c.body.data.tempId)).body.data.status).toBe('OPENED');
    expect((await positions()).find((p: { id: string }) => p.id === quoteId).status).toBe('OPENED');
  });
});

describe('batches', () => {
  it('runs every item of a batch on its own: one failing item does not stop the others', async () => {
    const items = [open(), open({ leverage: 500 }), open({ positionType: 'SHORT' })].map(
      ({ chainId: _c, ...i }) => i,
    );
    const r = await api.post('/v1/trade/batch-create-positions', {
      chainId: CHAIN,
      subaccountAddress: acc.subaccount,
      items,
    });
    expect(r.status).toBe(201);
    expect(r.body.data.batchId).toEqual(expect.any(String));
    expect(r.body.data.results.map((x: { success: boolean }) => x.success)).toEqual([true, false, true]);
    expect(r.body.data.results[1].error.code).toBe('VALIDATION');
    await settle();
    for (const i of [0, 2])
      expect((await status('open', r.body.data.results[i].tempId)).body.data.status).toBe('OPENED');
  });

  it('closes every OPENED position with close-all', async () => {
    await openedPosition({ marketId: 2, quantity: 0.1 });
    const r = await api.post('/v1/trade/close-all-positions', {
      chainId: CHAIN,
      subaccountAddress: acc.subaccount,
    });
    expect(r.status).toBe(201);
    expect(r.body.data.results.length).toBeGreaterThan(0);
    expect(r.body.data.results.every((x: { success: boolean }) => x.success)).toBe(true);
    expect(r.body.data.results.every((x: { quoteId: string }) => typeof x.quoteId === 'string')).toBe(true);
    await settle();
    expect((await positions()).filter((p: { status: string }) => p.status !== 'PENDING')).toEqual([]);
  });
});

describe('TP/SL, funding and liquidation', () => {
  it('sends a MARKET close when the mark crosses the take-profit', async () => {
    const quoteId = await openedPosition();
    const set = await api.post('/v1/tpsl/set', {
      quoteId,
      chainId: CHAIN,
      takeProfit: 96_000,
      stopLoss: 90_000,
    });
    expect(set.status).toBe(200);
    expect(
      (await api.post('/v1/tpsl/list', { chainId: CHAIN, quoteIds: [quoteId] })).body.data[0],
    ).toMatchObject({ takeProfit: '96000', stopLoss: '90000' });
    h.sim.engine.setMark('BTCUSDT', 96_100);
    expect((await positions()).find((p: { id: string }) => p.id === quoteId).status).toBe('CLOSE_PENDING');
    await settle();
    expect((await positions()).some((p: { id: string }) => p.id === quoteId)).toBe(false);
    h.sim.engine.setMark('BTCUSDT', 95_000);
  });

  it('charges funding at the market epoch', async () => {
    const quoteId = await openedPosition({ marketId: 4, quantity: 100, leverage: 2 });
    await h.clock.advance(3_600_000);
    const row = (await positions()).find((p: { id: string }) => p.id === quoteId);
    expect(Number(row.accumulatedFunding)).toBeGreaterThan(0);
  });

  it('liquidates when equity falls below maintenance margin', async () => {
    const small = await h.account({ wallet: '0x00000000000000000000000000000000000b0b00', collateral: 100 });
    const b = h.as(small.apiKey);
    const r = await b.post(
      '/v1/trade/create-position',
      open({ subaccountAddress: small.subaccount, marketId: 3, leverage: 25, quantity: 10 }),
    );
    expect(r.status).toBe(201);
    await settle();
    expect(
      (await b.get(`/v1/positions/all?subaccountAddress=${small.subaccount}&chainId=${CHAIN}`)).body.data[0]
        .status,
    ).toBe('OPENED');
    h.sim.engine.setMark('SOLUSDT', 170);
    const rows = (await b.get(`/v1/positions/all?subaccountAddress=${small.subaccount}&chainId=${CHAIN}`))
      .body.data;
    expect(rows).toEqual([]);
    expect(h.sim.engine.quote(r.body.data.tempId)?.status).toBe('LIQUIDATED');
  });
});

describe('RWA markets', () => {
  it('refuses an order outside market hours with MARKET_CLOSED and accepts one inside', async () => {
    const spx = await api.post('/v1/trade/create-position', open({ marketId: 102, quantity: 0.1 }));
    expect(spx.status).toBe(400);
    expect(spx.body.error.code).toBe('MARKET_CLOSED');
    const gold = await api.post('/v1/trade/create-position', open({ marketId: 101, quantity: 0.1 }));
    expect(gold.status).toBe(201);
  });

  it('refuses useInstantActions false on an isolated market', async () => {
    const r = await api.post(
      '/v1/trade/create-position',
      open({ marketId: 101, quantity: 0.1, useInstantActions: false }),
    );
    expect(r.body.error.code).toBe('ON_CHAIN_CROSS_ONLY');
  });
});

describe('interactive reference', () => {
  it('serves the OpenAPI document of every route and the reference page at /api', async () => {
    const doc = await fetch(`${h.url}/api/json`);
    expect(doc.status).toBe(200);
    const spec = (await doc.json()) as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    for (const p of [
      '/v1/trade/create-position',
      '/v1/positions/all',
      '/v1/api-keys/{id}',
      '/dev/sign-in',
      '/v1/tpsl/set',
    ])
      expect(Object.keys(spec.paths)).toContain(p);
    expect(spec.paths['/v1/trade/create-position']?.post?.requestBody).toBeDefined();
    const page = await fetch(`${h.url}/api/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/html/);
  });
});
