import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { MarketSymbol, type QuoteId, TempId } from '../../src/domain/ids.ts';
import { Decimal, dec } from '../../src/domain/money.ts';
import { PerpflowError } from '../../src/errors/PerpflowError.ts';
import {
  bootstrapAccount,
  createDirectVenue,
  createSimulator,
  manualPrices,
  type Simulator,
} from '../../src/simulator/index.ts';
import { createVenueClient } from '../../src/venue/createVenueClient.ts';
import { IN_PROCESS_BASE_URL } from '../../src/venue/http/baseUrl.ts';
import { RequestBudget } from '../../src/venue/http/requestBudget.ts';
import type { OpenOrder, VenueClient } from '../../src/venue/VenuePort.ts';

const BTC = MarketSymbol('BTCUSDT');
const ETH = MarketSymbol('ETHUSDT');

interface World {
  readonly sim: Simulator;
  readonly clock: VirtualClock;
  readonly venue: VenueClient;
}

type Make = (sim: Simulator, clock: VirtualClock, apiKey: string, subaccount: string) => VenueClient;

const overFetch: Make = (sim, clock, apiKey, subaccount) =>
  createVenueClient({
    baseUrl: IN_PROCESS_BASE_URL,
    apiKey,
    subaccount,
    clock,
    fetch: sim.fetch,
    budget: new RequestBudget(clock, { ratePerSecond: 1_000_000, burst: 1_000_000 }),
  });

const direct: Make = (sim, _clock, apiKey, subaccount) => createDirectVenue(sim, { apiKey, subaccount });

async function world(make: Make): Promise<World> {
  const clock = new VirtualClock(Date.UTC(2026, 0, 6, 12));
  const sim = createSimulator({
    clock,
    seed: 11,
    prices: manualPrices({ BTCUSDT: 96_000.5, ETHUSDT: 3_400.25 }),
    fillLatencyMs: { min: 1_000, max: 1_000 },
  });
  const account = await bootstrapAccount(sim.fetch, { baseUrl: IN_PROCESS_BASE_URL });
  sim.setFaults({ indexingLagMs: 200 });
  return { sim, clock, venue: make(sim, clock, account.apiKey, account.subaccount) };
}

/** Decimals by their string form (value and notation), errors by class, code, status and message. */
function plain(value: unknown): unknown {
  if (value instanceof Decimal) return `Decimal(${value.toString()})`;
  if (value instanceof PerpflowError) {
    const { name, message, code, details } = value;
    const venueCode = (value as { venueCode?: unknown }).venueCode;
    const status = (value as { status?: unknown }).status;
    return { error: name, code, venueCode, status, message, details: plain(details) };
  }
  if (value instanceof Error) return { thrown: value.name, message: value.message };
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

const buy = (symbol: MarketSymbol, quantity: string, extra: Partial<OpenOrder> = {}): OpenOrder => ({
  symbol,
  side: 'LONG',
  orderType: 'MARKET',
  quantity: dec(quantity),
  leverage: 5,
  slippage: dec('0.01'),
  ...extra,
});

/** The scripted session: every answer and every refusal, in order, as plain data. */
async function script({ sim, clock, venue }: World): Promise<unknown[]> {
  const log: unknown[] = [];
  const step = async (name: string, call: () => Promise<unknown>) => {
    try {
      log.push({ [name]: plain(await call()) });
    } catch (e) {
      log.push({ [name]: plain(e) });
    }
  };
  const acks: Record<string, TempId> = {};
  const ack = (name: string, call: () => Promise<{ tempId: TempId }>) =>
    step(name, async () => {
      const a = await call();
      acks[name] = a.tempId;
      return a;
    });
  const id = (name: string) => acks[name] as TempId;
  await step('markets', () => venue.markets());
  await step('prices', () => venue.markPrices([ETH, BTC]));
  await step('unknown price', () => venue.markPrices([MarketSymbol('NOPEUSDT')]));
  await ack('open btc', () => venue.openPosition(buy(BTC, '0.0123456'))); // 3
  await ack('open eth limit', () =>
    venue.openPosition({
      symbol: ETH,
      side: 'LONG',
      orderType: 'LIMIT',
      quantity: dec('0.5'),
      leverage: 5,
      limitPrice: dec('1700.123'),
    }),
  ); // 4
  await step('open unknown', () => venue.openPosition(buy(MarketSymbol('NOPEUSDT'), '1')));
  await step('open over leverage', () => venue.openPosition(buy(BTC, '0.01', { leverage: 1_000 })));
  await step('open dust', () => venue.openPosition(buy(BTC, '0.00001')));
  await step('batch open', () =>
    venue.batchOpen([
      buy(BTC, '0.02', { leverage: 7 }),
      buy(ETH, '0.1', { leverage: 1_000 }),
      buy(ETH, '0.3', { side: 'SHORT' }),
    ]),
  );
  await step('poll before indexed', () => venue.requestStatus('open', id('open btc')));
  await clock.advance(300);
  await step('poll pending', () => venue.requestStatus('open', id('open btc')));
  await clock.advance(1_000);
  await step('poll filled', () => venue.requestStatus('open', id('open btc')));
  await step('poll unknown', () => venue.requestStatus('close', TempId('tmp-9999999')));
  await step('poll without an id', () => venue.requestStatus('open', undefined as unknown as TempId));
  await step('positions', () => venue.positions());
  await step('balance', () => venue.balance());
  const quote = (await venue.requestStatus('open', id('open btc')))?.quoteId as QuoteId;
  sim.engine.setMark('BTCUSDT', 97_123.456789, clock.now());
  await step('tpsl', () =>
    venue.setTpSl({ quoteId: quote, symbol: BTC, takeProfit: dec('120000.987'), stopLoss: dec('80000.5') }),
  );
  await step('tpsl list', () => venue.listTpSl([quote, 'nope' as QuoteId]));
  await step('tpsl clear one leg', () => venue.setTpSl({ quoteId: quote, symbol: BTC, stopLoss: null }));
  await step('tpsl list after clear', () => venue.listTpSl([quote]));
  await step('tpsl neither leg', () => venue.setTpSl({ quoteId: quote }));
  await ack('close part', () =>
    venue.closePosition({
      quoteId: quote,
      symbol: BTC,
      quantity: dec('0.005'),
      orderType: 'MARKET',
      slippage: dec('0.02'),
    }),
  ); // 17
  await step('close unknown quote', () =>
    venue.closePosition({ quoteId: 'nope' as QuoteId, quantity: dec('1'), orderType: 'MARKET' }),
  );
  await step('batch close with a bad item', () =>
    venue.batchClose([
      { quoteId: quote, quantity: dec('-1'), orderType: 'MARKET' },
      { quoteId: 'nope' as QuoteId, quantity: dec('1'), orderType: 'MARKET' },
    ]),
  );
  await ack('cancel eth limit', () => venue.cancelOpen(id('open eth limit'))); // 20
  await step('batch cancel unknown', () => venue.batchCancelOpen([TempId('tmp-7777777')]));
  await step('batch cancel close unknown', () => venue.batchCancelClose([TempId('tmp-8888888')]));
  await clock.advance(1_500);
  await step('poll close', () => venue.requestStatus('close', id('close part')));
  await step('poll cancel', () => venue.requestStatus('cancelOpen', id('cancel eth limit')));
  await step('poll canceled open', () => venue.requestStatus('open', id('open eth limit')));
  await step('positions after', () => venue.positions());
  await step('balance after', () => venue.balance());
  let closing: TempId | undefined;
  await step('close all', async () => {
    const all = await venue.closeAll();
    const first = all.results[0];
    closing = first?.ok ? first.tempId : undefined;
    return all;
  });
  await clock.advance(1_500);
  await step('poll a close-all item', () => venue.requestStatus('close', closing as TempId));
  await step('positions closed', () => venue.positions());
  await step('balance closed', () => venue.balance());
  await step('funding', () => venue.fundingInfo());
  await step('permissions', () => venue.listPermissions());
  sim.stop();
  return log;
}

describe('direct venue parity with the client over the in-process fetch', () => {
  it('gives identical acks, reports, positions, balances and errors for the same script, seed and prices', async () => {
    const overWire = await script(await world(overFetch));
    const onEngine = await script(await world(direct));
    expect(onEngine).toEqual(overWire);
  });

  it('runs a script that covers fills, refusals of each kind and the 404 → null of a poll', async () => {
    const text = JSON.stringify(await script(await world(direct)));
    for (const fact of [
      '"status":"OPENED"',
      '"status":"CLOSED"',
      '"status":"CANCELED"',
      'UNKNOWN_MARKET',
      '"venueCode":"VALIDATION"',
      '"venueCode":"NOT_FOUND"',
      '"poll before indexed":null',
    ])
      expect(text).toContain(fact);
  });
});
