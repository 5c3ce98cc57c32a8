import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { MarketSymbol } from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import { OrderType, PositionSide } from '../domain/side.ts';
import { ConfigError } from '../errors/ConfigError.ts';
import { redact } from '../log/redact.ts';
import { createVenueClient } from './createVenueClient.ts';
import { envelope, failure, scriptedVenue, settleOn } from './testing/scriptedVenue.ts';

const KEY = `ix.${'0123456789abcdef'.repeat(4)}`;
const SUB = '0x1111111111111111111111111111111111111111';
const BTC = {
  id: 1,
  symbol: 'BTCUSDT',
  isValid: true,
  maxLeverage: 60,
  minNotionalValue: '100',
  maxNotionalValue: 1_000_000,
  pricePrecision: 1,
  quantityPrecision: 3,
  hedgerFeeOpen: '0.0006',
  hedgerFeeClose: 0.0006,
  tradingFee: 0,
  marginMode: 'cross',
};

function client(key: string, answers = [envelope([])], baseUrl = 'http://127.0.0.1:8787') {
  const clock = new VirtualClock();
  const venue = scriptedVenue(answers);
  const make = () => createVenueClient({ baseUrl, apiKey: key, subaccount: SUB, clock, fetch: venue.fetch });
  return { clock, venue, make };
}

describe('createVenueClient', () => {
  it.each([KEY.slice(0, -2), `${KEY}00`, KEY.replace('ix.', 'iX.'), KEY.replace('a', 'z')])(
    'refuses a malformed key before any request leaves: %s',
    (bad) => {
      const t = client(bad);
      expect(t.make).toThrow(ConfigError);
      expect(t.venue.requests).toHaveLength(0);
    },
  );

  it('refuses plain http to a non-loopback venue', () => {
    expect(client(KEY, [], 'http://venue.example.com').make).toThrow(/must use https/);
  });

  it('sends the key only as the x-api-key header, with the subaccount and chain in the query', async () => {
    const t = client(KEY);
    await settleOn(t.clock, t.make().positions());
    const sent = t.venue.requests[0] as Request;
    expect(sent.headers.get('x-api-key')).toBe(KEY);
    expect(sent.url).toBe(`http://127.0.0.1:8787/v1/positions/all?subaccountAddress=${SUB}&chainId=42161`);
    expect(sent.url).not.toContain(KEY);
  });

  it('rounds quantity and limit price down to the market precision and sends the numeric marketId', async () => {
    const t = client(KEY, [
      envelope({ PERPS_HUB: { markets: { BTCUSDT: BTC } } }),
      envelope({ tempId: 't1' }, 201),
    ]);
    const venue = t.make();
    const ack = await settleOn(
      t.clock,
      venue.openPosition({
        symbol: MarketSymbol('BTCUSDT'),
        side: PositionSide.LONG,
        orderType: OrderType.LIMIT,
        quantity: dec('0.12345'),
        limitPrice: dec('65000.99'),
        leverage: 5,
      }),
    );
    expect(ack.tempId).toBe('t1');
    const body = JSON.parse(t.venue.bodies[1] ?? '');
    expect(body).toMatchObject({
      marketId: 1,
      quantity: 0.123,
      limitPrice: 65000.9,
      positionType: 'LONG',
      chainId: 42161,
    });
  });

  it('keeps the key out of every form of an error', async () => {
    const t = client(KEY, [failure(401, 'UNAUTHORIZED', `key ${KEY} is revoked`)]);
    const error = await settleOn(t.clock, t.make().positions()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const err = error as Error;
    for (const text of [String(err), err.message, JSON.stringify(redact(err)), err.stack ?? ''])
      expect(text).not.toContain(KEY);
  });
});
