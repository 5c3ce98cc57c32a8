import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import type { Permission } from '../../src/domain/side.ts';
import { createSimulator, type Simulator } from '../../src/simulator/createSimulator.ts';
import type { FaultProfile } from '../../src/simulator/faults/FaultProfile.ts';
import { manualPrices } from '../../src/simulator/prices/PriceSource.ts';
import { bootstrapAccount } from '../../src/simulator/testing/bootstrapAccount.ts';

export const CHAIN = 42161;

/** A valid create-position body for `subaccount`: 0.01 BTC long at 5×, MARKET; `over` changes fields. */
export function openBody(subaccount: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    marketId: 1,
    subaccountAddress: subaccount,
    chainId: CHAIN,
    positionType: 'LONG',
    orderType: 'MARKET',
    quantity: 0.01,
    leverage: 5,
    ...over,
  };
}

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test replies are inspected field by field
  readonly body: any;
}

/** A simulator on a VirtualClock with manual prices, served on 127.0.0.1:0, and a tiny client. */
export async function startSim(
  o: { seed?: number; faults?: FaultProfile; fillMs?: number; limitTtlMs?: number } = {},
) {
  const clock = new VirtualClock(Date.UTC(2026, 0, 1)); // a Thursday, 00:00 UTC
  const internalErrors: unknown[] = [];
  const sim: Simulator = createSimulator({
    clock,
    seed: o.seed ?? 11,
    prices: manualPrices(),
    fillLatencyMs: { min: o.fillMs ?? 1_000, max: o.fillMs ?? 1_000 },
    ...(o.faults ? { faults: o.faults } : {}),
    ...(o.limitTtlMs === undefined ? {} : { limitTtlMs: o.limitTtlMs }),
    onInternalError: (e) => internalErrors.push(e),
  });
  const server = await sim.listen({ port: 0, host: '127.0.0.1' });
  const call = async (
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<Reply> => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const res = await fetch(`${server.url}${path}`, init);
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
  const httpFetch = (r: Request) =>
    fetch(new Request(`${server.url}${new URL(r.url).pathname}${new URL(r.url).search}`, r));
  const account = (opts: { wallet?: string; permissions?: Permission[]; collateral?: number } = {}) =>
    bootstrapAccount(httpFetch, { ...opts });
  const as = (apiKey: string) => ({
    get: (path: string) => call('GET', path, { 'x-api-key': apiKey }),
    post: (path: string, body: unknown) => call('POST', path, { 'x-api-key': apiKey }, body),
  });
  const asJwt = (jwt: string) => ({
    get: (path: string) => call('GET', path, { authorization: `Bearer ${jwt}` }),
    post: (path: string, body: unknown) => call('POST', path, { authorization: `Bearer ${jwt}` }, body),
    put: (path: string, body: unknown) => call('PUT', path, { authorization: `Bearer ${jwt}` }, body),
    del: (path: string) => call('DELETE', path, { authorization: `Bearer ${jwt}` }),
  });
  return {
    clock,
    sim,
    internalErrors,
    url: server.url,
    call,
    account,
    as,
    asJwt,
    close: async () => {
      sim.stop();
      await server.close();
    },
  };
}
export type Harness = Awaited<ReturnType<typeof startSim>>;
