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
});
