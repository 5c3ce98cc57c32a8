import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { MarketSymbol, QuoteId, TempId } from '../../domain/ids.ts';
import { dec } from '../../domain/money.ts';
import { AuthError } from '../../errors/venueErrors.ts';
import { IN_PROCESS_BASE_URL } from '../../venue/http/baseUrl.ts';
import { createSimulator } from '../createSimulator.ts';
import { ForgottenRecordError } from '../engine/ForgottenRecordError.ts';
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

  /** Two round trips through the direct port: the first open's tempId, once both ended. */
  async function twoRoundTrips(history: number | undefined) {
    const clock = new VirtualClock();
    const sim = createSimulator({
      clock,
      prices: manualPrices({ BTCUSDT: 96_000 }),
      fillLatencyMs: { min: 0, max: 0 },
      ...(history === undefined ? {} : { history }),
    });
    const account = await bootstrapAccount(sim.fetch, { baseUrl: IN_PROCESS_BASE_URL });
    const venue = createDirectVenue(sim, { apiKey: account.apiKey, subaccount: account.subaccount });
    const symbol = MarketSymbol('BTCUSDT');
    const opens = [];
    for (let i = 0; i < 2; i++) {
      const open = {
        symbol,
        side: 'LONG',
        quantity: dec('0.01'),
        leverage: 10,
        orderType: 'MARKET',
      } as const;
      const { tempId } = await venue.openPosition(open);
      await clock.advance(0);
      const quoteId = sim.engine.quote(tempId)?.quoteId;
      await venue.closePosition({
        quoteId: QuoteId(quoteId ?? ''),
        quantity: dec('0.01'),
        orderType: 'MARKET',
      });
      await clock.advance(0);
      opens.push(tempId);
    }
    return { sim, venue, first: TempId(opens[0] ?? '') };
  }

  it('answers a status poll for an ended tempId as ever by default, and fails it loudly (never null) once a bounded history forgot it', async () => {
    const kept = await twoRoundTrips(undefined);
    await expect(kept.venue.requestStatus('open', kept.first)).resolves.toMatchObject({ status: 'OPENED' });
    kept.sim.stop();
    const bounded = await twoRoundTrips(1);
    const error = await bounded.venue.requestStatus('open', bounded.first).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForgottenRecordError);
    expect(bounded.sim.engine.forgottenLookups().count).toBe(1);
    bounded.sim.stop();
  });
});
