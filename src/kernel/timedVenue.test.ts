import { describe, expect, it } from 'vitest';
import { ChainId, SubaccountAddress, TempId } from '../domain/ids.ts';
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
    openPosition: unused,
    closePosition: unused,
    cancelOpen: unused,
    cancelClose: unused,
    setTpSl: unused,
    listTpSl: unused,
    batchOpen: unused,
    batchClose: unused,
    batchCancelOpen: unused,
    batchCancelClose: unused,
    closeAll: unused,
    requestStatus: () => Promise.resolve(null),
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

  it('keeps the account it trades', () => {
    const venue = timedVenue(fakeVenue(), createMetrics({ processMetrics: false }));
    expect(venue.chainId).toBe(42161);
    expect(venue.watchRequests).toBeUndefined();
  });
});
