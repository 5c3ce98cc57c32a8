import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { VENUE_STATUSES } from '../../domain/venueStatus.ts';
import { createVenueClient } from '../createVenueClient.ts';
import { envelope, scriptedVenue, settleOn } from '../testing/scriptedVenue.ts';
import { WirePositions } from './positions.ts';
import { readPositionsFast } from './readPositionsFast.ts';

/** A row as the simulator (and the public venue) sends it. */
const ROW = {
  id: '1001',
  tempId: 'tmp-0000001',
  marketId: 1,
  symbol: 'BTCUSDT',
  positionType: 'LONG',
  quantity: '0.01',
  closedAmount: '0',
  openedPrice: '95019',
  leverage: 5,
  status: 'OPENED',
  unrealizedPnl: '-0.19',
  margin: 190.038,
  accumulatedFunding: '0',
  createdAt: 1795294244556,
  updatedAt: 1795294244571,
};

// Each field drawn from its common form, the rarer forms only the schema reads, and junk.
const junk = fc.constantFrom<unknown>(undefined, null, '', 'abc', '1,5', true, [], {}, Number.NaN, Infinity);
const money = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom('0', '-0.19', ' 2 ', '1e3', '.5', '+7.', '0x10', 'Infinity', '1_000'),
  junk,
);
const id = fc.oneof(fc.constantFrom('1001', 'tmp-1', ''), fc.integer(), junk);
const count = fc.oneof(fc.integer({ min: -5, max: 100 }), fc.constantFrom('7', ' 7 ', '1.5', 2.5), junk);
const time = fc.oneof(fc.integer({ min: 0 }), fc.constantFrom('1795294244556', '2026-01-01T00:00:00Z'), junk);
const row = fc.record(
  {
    id,
    tempId: id,
    marketId: count,
    symbol: fc.oneof(fc.constantFrom('BTCUSDT', ''), junk),
    positionType: fc.oneof(fc.constantFrom('LONG', 'SHORT', 'long'), junk),
    quantity: money,
    closedAmount: money,
    openedPrice: money,
    leverage: count,
    status: fc.oneof(fc.constantFrom(...VENUE_STATUSES, 'opened'), junk),
    unrealizedPnl: money,
    margin: money,
    accumulatedFunding: money,
    createdAt: time,
    updatedAt: time,
    extra: fc.constant('ignored'),
  },
  { requiredKeys: [] },
);
const common = fc.record({
  ...(Object.fromEntries(Object.entries(ROW).map(([k, v]) => [k, fc.constant(v)])) as {
    [K in keyof typeof ROW]: fc.Arbitrary<(typeof ROW)[K]>;
  }),
  id: fc.oneof(fc.constant(null), fc.string({ minLength: 1 })),
  quantity: fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom('0.01', '-3', '1e-9'),
  ),
  status: fc.constantFrom(...VENUE_STATUSES),
  createdAt: fc.integer(),
});

describe('readPositionsFast', () => {
  it('returns exactly what WirePositions returns, or hands the answer to it, on any answer', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(fc.oneof(row, common), { maxLength: 4 }), junk), (payload) => {
        const fast = readPositionsFast(payload);
        if (fast === undefined) return;
        const schema = WirePositions.safeParse(payload);
        expect(schema.success).toBe(true);
        expect(fast).toEqual(schema.data);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads the common form itself', () => {
    fc.assert(
      fc.property(fc.array(common, { maxLength: 6 }), (payload) => {
        expect(readPositionsFast(payload)).toEqual(WirePositions.parse(payload));
      }),
      { numRuns: 300 },
    );
    expect(readPositionsFast([ROW, { ...ROW, id: null, openedPrice: null }])).toHaveLength(2);
  });

  it('leaves a numeric id, numeric text in a count and an ISO time to the schema', () => {
    for (const odd of [
      { id: 1001 },
      { marketId: '1' },
      { leverage: '5' },
      { createdAt: '2026-01-01T00:00:00Z' },
    ])
      expect(readPositionsFast([{ ...ROW, ...odd }])).toBeUndefined();
  });
});

describe('the positions read', () => {
  it('still names the endpoint and the field of a positions answer of the wrong shape', async () => {
    const clock = new VirtualClock();
    const venue = scriptedVenue([envelope([ROW, { ...ROW, margin: 'lots' }])]);
    const client = createVenueClient({
      baseUrl: 'http://127.0.0.1:8787',
      apiKey: `ix.${'0123456789abcdef'.repeat(4)}`,
      subaccount: '0x1111111111111111111111111111111111111111',
      clock,
      fetch: venue.fetch,
    });
    await expect(settleOn(clock, client.positions())).rejects.toThrow(
      'GET /v1/positions/all: data[1].margin: expected a number or numeric string',
    );
  });
});
