import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { AuthError } from '../../errors/venueErrors.ts';
import { IN_PROCESS_BASE_URL } from '../../venue/http/baseUrl.ts';
import { createSimulator } from '../createSimulator.ts';
import { manualPrices } from '../prices/PriceSource.ts';
import { bootstrapAccount } from '../testing/bootstrapAccount.ts';
import { createDirectVenue } from './createDirectVenue.ts';

describe('createDirectVenue', () => {
  it('answers AuthError on the first call after the key is revoked, though earlier calls succeeded', async () => {
    const clock = new VirtualClock();
    const sim = createSimulator({ clock, prices: manualPrices({ BTCUSDT: 96_000 }) });
    const account = await bootstrapAccount(sim.fetch, { baseUrl: IN_PROCESS_BASE_URL });
    const venue = createDirectVenue(sim, { apiKey: account.apiKey, subaccount: account.subaccount });
    await expect(venue.positions()).resolves.toEqual([]);
    await expect(venue.balance()).resolves.toMatchObject({ subaccount: account.subaccount });
    const key = sim.accounts.keysOf(account.wallet).find((k) => k.id === account.apiKeyId);
    sim.accounts.revokeKey(key as NonNullable<typeof key>);
    const error = await venue.positions().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(String(error)).toContain('revoked');
    expect(String(error)).not.toContain(account.apiKey);
    sim.stop();
  });

  it('stamps the key as used at each call, as the HTTP face does', async () => {
    const clock = new VirtualClock();
    const sim = createSimulator({ clock, prices: manualPrices({ BTCUSDT: 96_000 }) });
    const account = await bootstrapAccount(sim.fetch, { baseUrl: IN_PROCESS_BASE_URL });
    const venue = createDirectVenue(sim, { apiKey: account.apiKey, subaccount: account.subaccount });
    await venue.positions();
    await clock.advance(5_000);
    await venue.positions();
    const key = sim.accounts.keysOf(account.wallet).find((k) => k.id === account.apiKeyId);
    expect(key?.lastUsedAt).toBe(clock.now());
    sim.stop();
  });
});
