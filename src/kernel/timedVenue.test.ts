import { describe, expect, it } from 'vitest';
import { BatchId, ChainId, MarketSymbol, SubaccountAddress, TempId } from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import { createMetrics } from '../report/metrics/createMetrics.ts';
import type { VenuePort } from '../venue/VenuePort.ts';
import { timedVenue } from './timedVenue.ts';

const unused = (): Promise<never> => Promise.reject(new Error('not called in this test'));

function fakeVenue(): VenuePort {
  return {
    subaccount: SubaccountAddress('0x00000000000000000000000000000000000000aa'),
    chainId: ChainId(42161),
    markets: () => Promise.resolve([]),
    market: unused,
    markPrices: unused,
    positions: () => Promise.reject(new Error('venue down')),
    balance: unused,
    fundingInfo: unused,
    listPermissions: unused,
    submit: (group) =>
      Promise.resolve(
        group.items.length === 1 ? { tempId: TempId('t1') } : { batchId: BatchId('b1'), results: [] },
      ),
    setTpSl: unused,
    listTpSl: unused,
    closeAll: unused,
    requestStatus: () => Promise.resolve(null),
    watchRequests: () => {
      throw new Error('not watched in this test');
    },
  };
}

async function observed(m: ReturnType<typeof createMetrics>, operation: string): Promise<number> {
  const metric = await m.venueLatency.get();
  const count = metric.values.find(
    (v) => v.metricName === 'perpflow_venue_request_seconds_count' && v.labels.operation === operation,
  );
  return count?.value ?? 0;
}

describe('timedVenue', () => {
  it('observes each call under its method name, failures too, and passes answers and errors through', async () => {
    const m = createMetrics({ processMetrics: false });
    const venue = timedVenue(fakeVenue(), m);
    expect(await venue.markets()).toEqual([]);
    await expect(venue.positions()).rejects.toThrow('venue down');
    expect(await observed(m, 'markets')).toBe(1);
    expect(await observed(m, 'positions')).toBe(1);
    expect(await observed(m, 'balance')).toBe(0);
  });

  it('counts status polls, and nothing else as one', async () => {
    const m = createMetrics({ processMetrics: false });
    const venue = timedVenue(fakeVenue(), m);
    await venue.requestStatus('open', TempId('t1'));
    await venue.requestStatus('open', TempId('t2'));
    await venue.markets();
    expect((await m.polls.get()).values[0]?.value).toBe(2);
    expect(await observed(m, 'requestStatus')).toBe(2);
  });

  it('labels a submitted group by the endpoint it goes to: one item single, more batch', async () => {
    const m = createMetrics({ processMetrics: false });
    const venue = timedVenue(fakeVenue(), m);
    const order = {
      symbol: MarketSymbol('BTCUSDT'),
      side: 'LONG',
      quantity: dec('0.01'),
      leverage: 5,
      orderType: 'MARKET',
    } as const;
    await venue.submit({ kind: 'open', items: [order] });
    await venue.submit({ kind: 'open', items: [order, order] });
    await venue.submit({ kind: 'cancelClose', items: [TempId('t1'), TempId('t2')] });
    expect(await observed(m, 'openPosition')).toBe(1);
    expect(await observed(m, 'batchOpen')).toBe(1);
    expect(await observed(m, 'batchCancelClose')).toBe(1);
    expect(await observed(m, 'submit')).toBe(0);
  });

  it('keeps the account it trades and passes the adapter watch through', () => {
    const inner = fakeVenue();
    const venue = timedVenue(inner, createMetrics({ processMetrics: false }));
    expect(venue.chainId).toBe(42161);
    expect(venue.watchRequests).toBe(inner.watchRequests);
  });
});
