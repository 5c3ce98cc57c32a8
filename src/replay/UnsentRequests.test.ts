import { describe, expect, it } from 'vitest';
import { MarketId, MarketSymbol, QuoteId, TempId } from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import type { Position } from '../domain/position.ts';
import { decodeValue, encodeValue } from '../kernel/record/recordCodec.ts';
import type { RecordLine } from '../kernel/record/recordLines.ts';
import { UnsentRequests } from './UnsentRequests.ts';

const submit = (t: number, r: unknown): Extract<RecordLine, { k: 'c' }> => ({
  k: 'c',
  t,
  d: 0,
  p: 'v',
  op: 'submit',
  a: [],
  r: decodeValue(encodeValue(r)),
});

const position = (tempId: string | null): Position => ({
  quoteId: QuoteId('1001'),
  tempId: tempId === null ? null : TempId(tempId),
  marketId: MarketId(1),
  symbol: MarketSymbol('BTCUSDT'),
  side: 'LONG',
  quantity: dec('0.002'),
  closedQuantity: dec(0),
  openedPrice: dec(95_000),
  leverage: 2,
  status: 'OPENED',
  unrealizedPnl: dec(0),
  margin: dec(95),
  accumulatedFunding: dec(0),
  createdAt: 0,
  updatedAt: 0,
});

describe('the recorded requests a replay with other strategies never sent', () => {
  const single = submit(1, { tempId: 'tmp-0000001' });
  const batch = submit(2, {
    batchId: 'b1',
    results: [
      { index: 0, ok: true, tempId: 'tmp-0000002' },
      { index: 1, ok: false, error: { name: 'VenueRejectedError', message: 'no' } },
    ],
  });

  it('hide their positions until the replay sends them', () => {
    const u = new UnsentRequests().recordedIn([single, batch]);
    expect(u.shows(position('tmp-0000001'))).toBe(false);
    expect(u.shows(position('tmp-0000002'))).toBe(false);
    u.took(single);
    expect(u.shows(position('tmp-0000001'))).toBe(true);
    u.took(batch);
    expect(u.shows(position('tmp-0000002'))).toBe(true);
  });

  it('leave a position the recording never saw submitted: held before, or opened by hand', () => {
    const u = new UnsentRequests().recordedIn([single]);
    expect(u.shows(position('tmp-0000009'))).toBe(true);
    expect(u.shows(position(null))).toBe(true);
  });
});
