import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { createSimulator } from '../../src/simulator/createSimulator.ts';
import type { FaultProfile } from '../../src/simulator/faults/FaultProfile.ts';
import { manualPrices } from '../../src/simulator/prices/PriceSource.ts';
import { bootstrapAccount } from '../../src/simulator/testing/bootstrapAccount.ts';
import { CHAIN, openBody, startSim } from './harness.ts';

async function setup() {
  const clock = new VirtualClock();
  const sim = createSimulator({
    clock,
    seed: 3,
    prices: manualPrices(),
    fillLatencyMs: { min: 1_000, max: 1_000 },
  });
  const acc = await bootstrapAccount(sim.fetch);
  const req = (method: string, path: string, body?: unknown) =>
    new Request(`http://sim.local${path}`, {
      method,
      headers: { 'x-api-key': acc.apiKey, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const open = () => req('POST', '/v1/trade/create-position', openBody(acc.subaccount));
  const positions = () =>
    req('GET', `/v1/positions/all?subaccountAddress=${acc.subaccount}&chainId=${CHAIN}`);
  const with_ = async (faults: FaultProfile) => sim.setFaults(faults);
  return { clock, sim, acc, req, open, positions, with_ };
}

describe('fault injection', () => {
  it('answers 429 bursts with Retry-After', async () => {
    const s = await setup();
    await s.with_({ rateLimit: { burstRate: 1, burstLength: 2, retryAfterSeconds: 3 } });
    const r = await s.sim.fetch(s.positions());
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('3');
  });

  it("throttles each credential in its own burst: one key's 429s leave another key served", async () => {
    const s = await setup();
    const other = await bootstrapAccount(s.sim.fetch, {
      wallet: '0x00000000000000000000000000000000000b0b00',
    });
    const theirs = () =>
      new Request(
        `http://sim.local/v1/positions/all?subaccountAddress=${other.subaccount}&chainId=${CHAIN}`,
        {
          headers: { 'x-api-key': other.apiKey },
        },
      );
    // Dice seed 1 rolls 0.43 then 0.79: a burst starts for the first key, not for the second.
    await s.with_({ seed: 1, rateLimit: { burstRate: 0.5, burstLength: 3, retryAfterSeconds: 1 } });
    expect((await s.sim.fetch(s.positions())).status).toBe(429);
    expect((await s.sim.fetch(theirs())).status).toBe(200);
    expect((await s.sim.fetch(s.positions())).status).toBe(429);
    expect((await s.sim.fetch(s.positions())).status).toBe(429);
  });

  it('answers 503 without applying the request', async () => {
    const s = await setup();
    await s.with_({ errorRate: 1 });
    expect((await s.sim.fetch(s.open())).status).toBe(503);
    await s.with_({});
    expect(((await (await s.sim.fetch(s.positions())).json()) as { data: unknown[] }).data).toEqual([]);
  });

  it('drops the response of an accepted submit in process with an ECONNRESET fetch failure, after the trade happened', async () => {
    const s = await setup();
    await s.with_({ dropResponseRate: 1 });
    const err = await s.sim.fetch(s.open()).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(TypeError);
    expect((err as TypeError).message).toBe('fetch failed');
    expect(((err as TypeError).cause as { code: string }).code).toBe('ECONNRESET');
    await s.with_({});
    const rows = ((await (await s.sim.fetch(s.positions())).json()) as { data: { status: string }[] }).data;
    expect(rows.map((r) => r.status)).toEqual(['PENDING']);
  });

  it('resets the connection over HTTP after the trade happened', async () => {
    const h = await startSim({ faults: { dropResponseRate: 1 } });
    try {
      const acc = await h.account();
      const body = openBody(acc.subaccount);
      await expect(h.as(acc.apiKey).post('/v1/trade/create-position', body)).rejects.toThrow(/fetch failed/);
      const sub = h.sim.accounts.subaccount(acc.subaccount, CHAIN);
      expect(h.sim.engine.positions(sub)).toHaveLength(1);
    } finally {
      await h.close();
    }
  });

  it('answers 404 for a fresh id during the indexing lag, then the status', async () => {
    const s = await setup();
    await s.with_({ indexingLagMs: 2_000 });
    const { data } = (await (await s.sim.fetch(s.open())).json()) as { data: { tempId: string } };
    const poll = () =>
      s.req('GET', `/v1/positions/open-request/status?positionId=${data.tempId}&chainId=${CHAIN}`);
    expect((await s.sim.fetch(poll())).status).toBe(404);
    await s.clock.advance(2_000);
    expect((await s.sim.fetch(poll())).status).toBe(200);
  });

  it('lets the solver refuse a fill with FAILED 4006', async () => {
    const s = await setup();
    await s.with_({ solverRefusalRate: 1 });
    const { data } = (await (await s.sim.fetch(s.open())).json()) as { data: { tempId: string } };
    await s.clock.advance(1_500);
    expect(s.sim.engine.request(data.tempId)).toMatchObject({ status: 'FAILED', errorCode: '4006' });
  });

  it('slows fills by the configured extra time', async () => {
    const s = await setup();
    await s.with_({ slowFills: { rate: 1, extraMs: 10_000 } });
    const { data } = (await (await s.sim.fetch(s.open())).json()) as { data: { tempId: string } };
    await s.clock.advance(1_500);
    expect(s.sim.engine.request(data.tempId)?.status).toBe('PENDING');
    await s.clock.advance(10_000);
    expect(s.sim.engine.request(data.tempId)?.status).toBe('OPENED');
  });

  it('adds latency on the injected clock', async () => {
    const s = await setup();
    await s.with_({ latencyMs: { min: 500, max: 500 } });
    let done = false;
    const p = s.sim.fetch(s.positions()).then(() => {
      done = true;
    });
    await s.clock.advance(499);
    expect(done).toBe(false);
    await s.clock.advance(1);
    await p;
    expect(done).toBe(true);
  });
});
