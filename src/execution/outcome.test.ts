import { describe, expect, it } from 'vitest';
import { ClientRequestId, IntentId, MarketSymbol, StrategyId } from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import type { RequestRecord } from '../domain/request.ts';
import { fillOf } from './outcome.ts';

const open = {
  clientRequestId: ClientRequestId('cr_1'),
  intentId: IntentId('in_1'),
  strategyId: StrategyId('s1'),
  kind: 'open',
  symbol: MarketSymbol('BTCUSDT'),
  side: 'LONG',
  status: 'ACCEPTED',
  createdAt: 0,
  updatedAt: 0,
} as unknown as RequestRecord;
const fees = { open: dec('0.0006'), close: dec('0.0007') };

describe('fillOf', () => {
  it('makes no fill of a zero or negative quantity, and one of the smallest positive with fee quantity × price × rate', () => {
    expect(fillOf(open, '7', dec(0), dec('100'), fees, 1)).toBeUndefined();
    expect(fillOf(open, '7', dec('-0'), dec('100'), fees, 1)).toBeUndefined();
    expect(fillOf(open, '7', dec('-0.01'), dec('100'), fees, 1)).toBeUndefined();
    const f = fillOf(open, '7', dec('1e-8'), dec('60000.5'), fees, 1);
    expect([f?.fillId, f?.effect, f?.fee.toString()]).toEqual(['open:cr_1', 'open', '0.000000360003']);
  });
});
