import { describe, expect, it } from 'vitest';
import {
  ClientRequestId,
  IntentId,
  MarketId,
  MarketSymbol,
  QuoteId,
  StrategyId,
  TempId,
} from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { RequestStatus } from '../domain/requestStatus.ts';
import { RequestEnds, unprotectedInJournal } from './requestEnds.ts';

const tpsl = (
  id: string,
  status: RequestStatus,
  at: number,
  extra: Partial<RequestRecord> = {},
): RequestRecord => ({
  clientRequestId: ClientRequestId(id),
  intentId: IntentId(`in_${id}`),
  strategyId: StrategyId('dca'),
  kind: 'setTpSl',
  symbol: MarketSymbol('ETHUSDT'),
  order: { kind: 'setTpSl', after: ClientRequestId('cr_open') },
  status,
  ...(status === 'REJECTED' ? { errorCode: 'INVALID_TPSL' } : {}),
  createdAt: at,
  updatedAt: at,
  ...extra,
});

describe('requests that end without being asked to', () => {
  it('reports a rejected TP/SL with its reason and lists its position unprotected until a later TP/SL on it is set', () => {
    const ends = new RequestEnds();
    const end = ends.onTransition(tpsl('cr_1', 'REJECTED', 1), 'REJECTED', 1);
    expect(end?.reason).toBe('INVALID_TPSL');
    expect(ends.unprotectedPositions().map((p) => p.position)).toEqual(['cr_open']);
    expect(ends.onTransition(tpsl('cr_2', 'FILLED', 2), 'FILLED', 2)).toBeUndefined();
    expect(ends.unprotectedPositions()).toEqual([]);
  });

  it('does not report a cancel our own cancel request asked for, and does report one nobody asked for', () => {
    const ends = new RequestEnds();
    const open = (id: string): RequestRecord => ({
      ...tpsl(id, 'CANCELED', 1),
      kind: 'open',
      order: {
        kind: 'open',
        marketId: MarketId(1),
        side: 'LONG',
        quantity: dec(1),
        leverage: 1,
        orderType: 'MARKET',
      },
    });
    const cancel: RequestRecord = {
      ...tpsl('cr_c', 'FILLED', 1),
      kind: 'cancelOpen',
      order: { kind: 'cancelOpen', target: ClientRequestId('cr_asked'), positionId: TempId('1') },
    };
    ends.onTransition(cancel, 'SUBMITTING', 1);
    expect(ends.onTransition(open('cr_asked'), 'CANCELED', 2)).toBeUndefined();
    expect(ends.onTransition(open('cr_other'), 'CANCELED', 2)?.status).toBe('CANCELED');
  });

  it('rebuilds the unprotected list from a journal, keeping only positions still open', () => {
    const records = [
      tpsl('cr_1', 'REJECTED', 1, { quoteId: QuoteId('q1') }),
      tpsl('cr_2', 'REJECTED', 2, { quoteId: QuoteId('q2') }),
      tpsl('cr_3', 'FILLED', 3, { quoteId: QuoteId('q2') }),
      tpsl('cr_4', 'REJECTED', 4, { quoteId: QuoteId('q3') }),
    ];
    expect(unprotectedInJournal(records, (p) => p !== 'q3').map((p) => p.position)).toEqual(['q1']);
  });
});
