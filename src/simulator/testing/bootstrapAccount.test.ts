import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { createSimulator } from '../createSimulator.ts';
import { manualPrices } from '../prices/PriceSource.ts';
import { bootstrapAccount } from './bootstrapAccount.ts';

describe('bootstrapAccount', () => {
  it('walks the setup order and yields a key that can read positions', async () => {
    const sim = createSimulator({ clock: new VirtualClock(), prices: manualPrices() });
    const acc = await bootstrapAccount(sim.fetch, { collateral: 5_000 });
    expect(acc.apiKey).toMatch(/^ix\.[0-9a-f]{64}$/);
    const res = await sim.fetch(
      new Request(
        `http://sim.local/v1/accounts/subaccount/balance?subaccountAddress=${acc.subaccount}&chainId=42161`,
        {
          headers: { 'x-api-key': acc.apiKey },
        },
      ),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { allocatedBalance: string } }).data.allocatedBalance).toBe('5000');
  });

  it('names the failing step when the venue refuses', async () => {
    const sim = createSimulator({ clock: new VirtualClock(), prices: manualPrices() });
    await expect(bootstrapAccount(sim.fetch, { permissions: [] })).rejects.toThrow(
      /delegate failed with 400/,
    );
  });

  it("sets up the same account through the simulator's handler as through its fetch", async () => {
    const viaFetch = createSimulator({ clock: new VirtualClock(), prices: manualPrices(), seed: 3 });
    const viaHandle = createSimulator({ clock: new VirtualClock(), prices: manualPrices(), seed: 3 });
    const a = await bootstrapAccount(viaFetch.fetch, { collateral: 5_000 });
    const b = await bootstrapAccount({ handle: viaHandle.handle }, { collateral: 5_000 });
    // Secrets are random; everything else is the same account.
    const same = ({ apiKeyId, chainId, subaccount, wallet }: typeof a) => ({
      apiKeyId,
      chainId,
      subaccount,
      wallet,
    });
    expect(same(b)).toEqual(same(a));
    expect(b.apiKey).toMatch(/^ix\.[0-9a-f]{64}$/);
    const balance = viaHandle.handle({
      method: 'GET',
      path: '/v1/accounts/subaccount/balance',
      query: { subaccountAddress: b.subaccount, chainId: '42161' },
      headers: { 'x-api-key': b.apiKey },
      body: undefined,
    });
    expect(balance.status).toBe(200);
    expect((JSON.parse(balance.body) as { data: { allocatedBalance: string } }).data.allocatedBalance).toBe(
      '5000',
    );
  });

  it("names the failing step through the simulator's handler too", async () => {
    const sim = createSimulator({ clock: new VirtualClock(), prices: manualPrices() });
    await expect(bootstrapAccount({ handle: sim.handle }, { permissions: [] })).rejects.toThrow(
      /delegate failed with 400/,
    );
  });
});
