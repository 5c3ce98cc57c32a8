import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { createSimulator } from '../../src/simulator/createSimulator.ts';
import { bootstrapAccount } from '../../src/simulator/testing/bootstrapAccount.ts';

/** One seeded scenario (GBM prices, fills, a LIMIT, a close, faults on) recorded as raw response text. */
async function transcript(seed: number): Promise<string[]> {
  const clock = new VirtualClock();
  const sim = createSimulator({
    clock,
    seed,
    faults: {
      indexingLagMs: 500,
      solverRefusalRate: 0.2,
      rateLimit: { burstRate: 0.02, burstLength: 2, retryAfterSeconds: 1 },
    },
  });
  const out: string[] = [];
  const acc = await bootstrapAccount(sim.fetch);
  // Keys and session tokens come from crypto.randomBytes, not the seed: compare everything else.
  out.push(JSON.stringify({ ...acc, jwt: '<secret>', apiKey: '<secret>' }));
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await sim.fetch(
      new Request(`http://sim.local${path}`, {
        method,
        headers: { 'x-api-key': acc.apiKey, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    const text = `${res.status} ${res.headers.get('retry-after') ?? ''} ${await res.text()}`;
    out.push(text);
    return text;
  };
  const q = `subaccountAddress=${acc.subaccount}&chainId=42161`;
  for (let i = 0; i < 12; i++) {
    const accepted = await send('POST', '/v1/trade/create-position', {
      marketId: 1 + (i % 4),
      subaccountAddress: acc.subaccount,
      chainId: 42161,
      positionType: i % 2 ? 'SHORT' : 'LONG',
      orderType: 'MARKET',
      quantity: [0.01, 0.1, 1, 100][i % 4],
      leverage: 5,
    });
    await clock.advance(700);
    const tempId = /"tempId":"([^"]+)"/.exec(accepted)?.[1];
    if (tempId) await send('GET', `/v1/positions/open-request/status?positionId=${tempId}&chainId=42161`);
  }
  await clock.advance(5_000);
  await send('GET', `/v1/positions/all?${q}`);
  await send('GET', `/v1/positions/all?${q}`);
  await send('POST', '/v1/trade/close-all-positions', { chainId: 42161, subaccountAddress: acc.subaccount });
  await clock.advance(10_000);
  await send('GET', `/v1/accounts/subaccount/balance?${q}`);
  await send('GET', '/v1/pricing/mark-prices?symbols=BTCUSDT&symbols=ETHUSDT&symbols=SOLUSDT');
  sim.stop();
  return out;
}

describe('determinism', () => {
  it('gives byte-identical responses and fills for the same seed and requests', async () => {
    const a = await transcript(2026);
    const b = await transcript(2026);
    expect(b).toEqual(a);
    expect(a.join('\n')).toContain('"status":"OPENED"');
  });

  it('gives a different run for a different seed', async () => {
    expect((await transcript(1)).join('\n')).not.toBe((await transcript(2)).join('\n'));
  });
});

describe('transports', () => {
  it('answers byte-identically over HTTP and in process', async () => {
    const run = async (overHttp: boolean): Promise<string[]> => {
      const clock = new VirtualClock();
      const sim = createSimulator({ clock, seed: 5 });
      const server = overHttp ? await sim.listen() : undefined;
      const f = (r: Request): Promise<Response> => {
        if (!server) return sim.fetch(r);
        const u = new URL(r.url);
        return fetch(new Request(`${server.url}${u.pathname}${u.search}`, r));
      };
      const acc = await bootstrapAccount(f);
      const out: string[] = [];
      const send = async (
        method: string,
        path: string,
        body?: unknown,
        headers: Record<string, string> = {},
      ) => {
        const res = await f(
          new Request(`http://sim.local${path}`, {
            method,
            headers: { 'x-api-key': acc.apiKey, 'content-type': 'application/json', ...headers },
            ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
          }),
        );
        out.push(`${res.status} ${res.headers.get('content-type')} ${await res.text()}`);
      };
      const open = {
        marketId: 1,
        subaccountAddress: acc.subaccount,
        chainId: 42161,
        positionType: 'LONG',
        orderType: 'MARKET',
        quantity: 0.01,
        leverage: 5,
      };
      await send('POST', '/v1/trade/create-position', open);
      await send('POST', '/v1/trade/create-position', { ...open, quantity: 'x' });
      await send('POST', '/v1/trade/create-position', '{not json');
      await clock.advance(3_000);
      await send('GET', `/v1/positions/all?subaccountAddress=${acc.subaccount}&chainId=42161`);
      await send('GET', '/v1/pricing/mark-price/NOPE');
      await send('GET', '/v1/nothing-here');
      await send('GET', '/v1/positions/all', undefined, { 'x-api-key': 'ix.bad' });
      sim.stop();
      await server?.close();
      return out;
    };
    expect(await run(true)).toEqual(await run(false));
  });
});
