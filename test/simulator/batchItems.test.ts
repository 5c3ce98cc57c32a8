import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BootstrappedAccount } from '../../src/simulator/testing/bootstrapAccount.ts';
import { CHAIN, type Harness, openBody, type Reply, startSim } from './harness.ts';

/**
 * Batch items are independent (venue-http-interface.md): a malformed item gets its own failed
 * result, code VALIDATION, naming its index and field; the others proceed. Only a malformed
 * envelope is a 400. Checked over HTTP and through the in-process fetch.
 */
let h: Harness;
let acc: BootstrappedAccount;

beforeAll(async () => {
  h = await startSim();
  acc = await h.account({ collateral: 1_000_000 });
});
afterAll(async () => {
  expect(h.internalErrors).toEqual([]);
  await h.close();
});

type Send = (path: string, body: unknown) => Promise<Pick<Reply, 'status' | 'body'>>;
const overHttp: Send = (path, body) => h.as(acc.apiKey).post(path, body);
const inProcess: Send = async (path, body) => {
  const res = await h.sim.fetch(
    new Request(`http://sim.local${path}`, {
      method: 'POST',
      headers: { 'x-api-key': acc.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, body: await res.json() };
};

const item = (over: Record<string, unknown> = {}) => {
  const { chainId: _c, subaccountAddress: _s, ...rest } = openBody(acc.subaccount, over);
  return rest;
};
const envelope = (items: unknown) => ({ chainId: CHAIN, subaccountAddress: acc.subaccount, items });

describe.each([
  ['over HTTP', overHttp],
  ['in process', inProcess],
] as const)('batch items %s', (_name, send) => {
  it('answers each malformed open its own VALIDATION result and accepts the others', async () => {
    const { leverage: _l, ...noLeverage } = item();
    const r = await send(
      '/v1/trade/batch-create-positions',
      envelope([
        item(),
        item({ quantity: -1 }),
        noLeverage,
        item({ leverage: 'x' }),
        5,
        item({ positionType: 'SHORT' }),
      ]),
    );
    expect(r.status).toBe(201);
    const results = r.body.data.results;
    expect(results.map((x: { success: boolean }) => x.success)).toEqual([
      true,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(results.slice(1, 5).map((x: { index: number; error: unknown }) => [x.index, x.error])).toEqual([
      [1, { code: 'VALIDATION', message: 'items[1].quantity: Too small: expected number to be >0' }],
      [
        2,
        {
          code: 'VALIDATION',
          message: 'items[2].leverage: Invalid input: expected number, received undefined',
        },
      ],
      [
        3,
        { code: 'VALIDATION', message: 'items[3].leverage: Invalid input: expected number, received string' },
      ],
      [4, { code: 'VALIDATION', message: 'items[4]: Invalid input: expected object, received number' }],
    ]);
    await h.clock.advance(1_500);
    for (const i of [0, 5]) expect(h.sim.engine.request(results[i].tempId)?.status).toBe('OPENED');
  });

  it('answers a malformed close item on its own and closes the valid one', async () => {
    const open = await send('/v1/trade/create-position', openBody(acc.subaccount));
    await h.clock.advance(1_500);
    const quoteId = h.sim.engine.request(open.body.data.tempId)?.quote.quoteId;
    const r = await send(
      '/v1/trade/batch-close-positions',
      envelope([
        { quoteId, quantityToClose: 0.01, orderType: 'MARKET', extra: 1 },
        { quoteId, quantityToClose: 0.01, orderType: 'MARKET' },
      ]),
    );
    expect(r.status).toBe(201);
    expect(r.body.data.results[0]).toEqual({
      index: 0,
      success: false,
      error: { code: 'VALIDATION', message: 'items[0]: Unrecognized key: "extra"' },
    });
    expect(r.body.data.results[1]).toMatchObject({ index: 1, success: true });
  });

  it.each([
    ['no items array', () => ({ chainId: CHAIN, subaccountAddress: acc.subaccount })],
    ['items not an array', () => envelope({ 0: item() })],
    ['an empty items array', () => envelope([])],
    ['a bad chainId', () => ({ ...envelope([item()]), chainId: 'arbitrum' })],
    ['a bad subaccountAddress', () => ({ ...envelope([item()]), subaccountAddress: 'alice' })],
  ])('answers 400 VALIDATION to a malformed envelope: %s', async (_n, body) => {
    const r = await send('/v1/trade/batch-create-positions', body());
    expect([r.status, r.body.error.code]).toEqual([400, 'VALIDATION']);
  });
});
