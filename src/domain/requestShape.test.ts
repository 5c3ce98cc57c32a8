import { describe, expect, it } from 'vitest';
import {
  BatchId,
  ClientRequestId,
  IntentId,
  MarketId,
  MarketSymbol,
  QuoteId,
  StrategyId,
  TempId,
} from './ids.ts';
import { dec } from './money.ts';
import { newRequest } from './newRequest.ts';
import type { RequestRecord } from './request.ts';
import { patchRecord, type RequestPatch } from './requestShape.ts';

/** One value for every field a patch may set. */
const everyField: Required<RequestPatch> = {
  intentId: IntentId('in_other'),
  strategyId: StrategyId('s2'),
  symbol: MarketSymbol('ETHUSDT'),
  side: 'SHORT',
  quantity: dec('2'),
  order: { kind: 'setTpSl', takeProfit: dec('1') },
  venueStatus: 'OPENED',
  tempId: TempId('t1'),
  quoteId: QuoteId('q1'),
  batchId: BatchId('b1'),
  filledQuantity: dec('0.01'),
  avgPrice: dec('60000'),
  errorCode: 'E1',
  reason: 'why',
  submittedAt: 5,
  updatedAt: 6,
};

const quantity = dec('0.010');
const sampleOpenRecord = (): RequestRecord =>
  newRequest(
    {
      clientRequestId: ClientRequestId('cr_1'),
      intentId: IntentId('in_1'),
      strategyId: StrategyId('s1'),
      symbol: MarketSymbol('BTCUSDT'),
      side: 'LONG',
      quantity,
      status: 'CREATED',
      createdAt: 0,
      updatedAt: 0,
    },
    { kind: 'open', marketId: MarketId(1), side: 'LONG', orderType: 'MARKET', quantity, leverage: 1 },
  );

describe('requestShape', () => {
  it('patchRecord sets every field a patch carries, as a spread of the patch over the record would', () => {
    const cur = sampleOpenRecord();
    const spread = { ...cur, ...everyField, status: 'ACCEPTED', updatedAt: 7 };
    expect(patchRecord(cur, everyField, 'ACCEPTED', 7)).toEqual(spread);
  });

  it('patchRecord keeps every field a patch leaves out', () => {
    const full = patchRecord(sampleOpenRecord(), everyField, 'FILLED', 8);
    expect(patchRecord(full, { reason: 'later' }, 'FILLED', 9)).toEqual({
      ...full,
      reason: 'later',
      updatedAt: 9,
    });
    expect(patchRecord(full, undefined, 'FILLED', 9)).toEqual({ ...full, updatedAt: 9 });
  });
});
