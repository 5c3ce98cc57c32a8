/**
 * The 401 policy (issue #14): one confirmatory read after the key is rejected, then a halt that
 * waits for the operator — no read every reconcile period — and a rotated key that is picked up
 * only when the operator restarts with it and resumes.
 */
import { describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../src/simulator/testing/bootstrapAccount.ts';
import { createVenueClient } from '../../src/venue/createVenueClient.ts';
import { IN_PROCESS_BASE_URL } from '../../src/venue/http/baseUrl.ts';
import {
  ETH,
  openIntent,
  ownerCall,
  settle,
  setupVenue,
  startExecutor,
  tempJournalPath,
  type Venue,
} from './harness.ts';
import { simulatorFetchCounter } from './venueTraffic.ts';

/** A venue client on the account's key whose every request to the simulator is counted. */
function countedClient(v: Venue) {
  const traffic = simulatorFetchCounter(v.sim.fetch);
  const venue = createVenueClient({
    baseUrl: IN_PROCESS_BASE_URL,
    apiKey: v.acc.apiKey,
    subaccount: v.acc.subaccount,
    fetch: traffic.fetch,
    clock: v.clock,
    retry: { retries: 1, seed: 1 },
  });
  return { traffic, venue };
}

describe('401: one confirmatory read, then wait for the operator', () => {
  it('reads the venue at most once in ten minutes after a submit got 401, and keeps trading halted', async () => {
    const v = await setupVenue();
    const { traffic, venue } = countedClient(v);
    const { executor, events } = await startExecutor(v, { path: tempJournalPath(), venue });
    await executor.submit(openIntent('ok'));
    await settle(v, executor);
    expect(await ownerCall(v, 'DELETE', `/v1/api-keys/${v.acc.apiKeyId}`)).toBe(200);
    traffic.reset();
    await executor.submit(openIntent('after-revoke', { symbol: ETH }));
    await v.clock.advance(600_000);
    // The submit that met the 401, then a single read (the convergence or periodic reconcile).
    expect(traffic.byPath()).toEqual({ 'POST /v1/trade/create-position': 1, 'GET /v1/positions/all': 1 });
    expect(traffic.status(401)).toBe(2);
    expect(executor.gate.authBroken).toBe(true);
    expect(executor.gate.state).toBe('halted');
    expect(events.filter((e) => e.type === 'alert' && e.code === 'AUTH_HALTED')).toHaveLength(1);
    const denied = await executor.submit(openIntent('later'));
    expect(denied.status === 'denied' && denied.reason).toBe('AUTH_FAILED');
  });

  it('with a key already revoked at start, reads once more after the start-up 401 and then nothing', async () => {
    const v = await setupVenue();
    const { traffic, venue } = countedClient(v);
    expect(await ownerCall(v, 'DELETE', `/v1/api-keys/${v.acc.apiKeyId}`)).toBe(200);
    const { executor } = await startExecutor(v, { path: tempJournalPath(), venue });
    const atStart = traffic.total();
    await v.clock.advance(600_000);
    expect(executor.ready).toBe(false);
    expect(executor.gate.authBroken).toBe(true);
    expect(traffic.total() - atStart).toBeLessThanOrEqual(1);
    expect(traffic.total()).toBeLessThanOrEqual(4);
  });

  it('picks up a key rotated by the operator on restart with the new key and `resume`, not by retrying the old one', async () => {
    const v = await setupVenue();
    const path = tempJournalPath();
    const first = await startExecutor(v, { path });
    expect(await ownerCall(v, 'DELETE', `/v1/api-keys/${v.acc.apiKeyId}`)).toBe(200);
    await first.executor.submit(openIntent('revoked'));
    await v.clock.advance(120_000);
    expect(first.executor.gate.authBroken).toBe(true);
    await first.executor.stop();

    // The operator makes a new key for the same subaccount and restarts with it.
    const rotated = await bootstrapAccount(v.sim.fetch, {
      baseUrl: IN_PROCESS_BASE_URL,
      collateral: 0,
      keyName: 'rotated',
    });
    expect(rotated.subaccount).toBe(v.acc.subaccount);
    const venue = createVenueClient({
      baseUrl: IN_PROCESS_BASE_URL,
      apiKey: rotated.apiKey,
      subaccount: rotated.subaccount,
      fetch: v.sim.fetch,
      clock: v.clock,
    });
    const { executor } = await startExecutor(v, { path, venue });
    expect(executor.ready).toBe(true);
    expect(executor.gate.authBroken).toBe(false);
    // The halt the 401 latched survives the restart: trading resumes only by the operator's hand.
    const held = await executor.submit(openIntent('held', { symbol: ETH }));
    expect(held.status === 'denied' && held.reason).toBe('TRADING_HALTED');
    executor.resume();
    expect((await executor.submit(openIntent('resumed', { symbol: ETH }))).status).toBe('accepted');
    await settle(v, executor);
    expect(executor.journal.nonTerminal()).toEqual([]);
  });
});
