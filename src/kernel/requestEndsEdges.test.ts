import { describe, expect, it } from 'vitest';
import { ClientRequestId, IntentId, MarketId, MarketSymbol, StrategyId, TempId } from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { RequestStatus } from '../domain/requestStatus.ts';
import { RequestEnds, unprotectedInJournal } from './requestEnds.ts';

const base = (id: string, status: RequestStatus, at: number) => ({
  clientRequestId: ClientRequestId(id),
  intentId: IntentId(`in_${id}`),
  strategyId: StrategyId('dca'),
  symbol: MarketSymbol('ETHUSDT'),
  status,
  createdAt: at,
  updatedAt: at,
});

const tpsl = (
  id: string,
  status: RequestStatus,
  at: number,
  extra: Partial<RequestRecord> = {},
): RequestRecord => ({
  ...base(id, status, at),
  kind: 'setTpSl',
  order: { kind: 'setTpSl', after: ClientRequestId('cr_open') },
  ...extra,
});

const open = (id: string, status: RequestStatus, extra: Partial<RequestRecord> = {}): RequestRecord => ({
  ...base(id, status, 1),
  kind: 'open',
  order: {
    kind: 'open',
    marketId: MarketId(1),
    side: 'LONG',
    quantity: dec(1),
    leverage: 1,
    orderType: 'MARKET',
  },
  ...extra,
});

const cancelOf = (id: string, target: string, status: RequestStatus): RequestRecord => ({
  ...base(id, status, 1),
  kind: 'cancelOpen',
  order: { kind: 'cancelOpen', target: ClientRequestId(target), positionId: TempId('1') },
});

describe('RequestEnds: what counts as an end nobody asked for', () => {
  it('reports a FAILED and a REJECTED request, and no request that is still going or filled', () => {
    const ends = new RequestEnds();
    expect(ends.onTransition(open('cr_f', 'FAILED'), 'FAILED', 1)?.status).toBe('FAILED');
    expect(ends.onTransition(open('cr_r', 'REJECTED'), 'REJECTED', 1)?.status).toBe('REJECTED');
    expect(ends.onTransition(open('cr_s', 'SUBMITTING'), 'SUBMITTING', 1)).toBeUndefined();
    expect(ends.onTransition(open('cr_ok', 'FILLED'), 'FILLED', 1)).toBeUndefined();
  });

  it('a request our cancel targeted that FAILED is still reported: the cancel asked for CANCELED only', () => {
    const ends = new RequestEnds();
    ends.onTransition(cancelOf('cr_c', 'cr_t', 'SUBMITTING'), 'SUBMITTING', 1);
    expect(ends.onTransition(open('cr_t', 'FAILED'), 'FAILED', 2)?.status).toBe('FAILED');
  });

  it('a cancel of ours the venue refused is reported; one that took effect is not', () => {
    const ends = new RequestEnds();
    expect(ends.onTransition(cancelOf('cr_c1', 'cr_x', 'REJECTED'), 'REJECTED', 1)?.status).toBe('REJECTED');
    expect(ends.onTransition(cancelOf('cr_c2', 'cr_y', 'CANCELED'), 'CANCELED', 1)).toBeUndefined();
  });

  it('gives the code and the reason joined, either alone, or says none was given', () => {
    const ends = new RequestEnds();
    const reason = (extra: Partial<RequestRecord>) =>
      ends.onTransition(open(`cr_${JSON.stringify(extra)}`, 'REJECTED', extra), 'REJECTED', 1)?.reason;
    expect(reason({ errorCode: 'INSUFFICIENT_MARGIN', reason: 'free 3 < 10' })).toBe(
      'INSUFFICIENT_MARGIN: free 3 < 10',
    );
    expect(reason({ errorCode: '', reason: 'free 3 < 10' })).toBe('free 3 < 10');
    expect(reason({ errorCode: 'X' })).toBe('X');
    expect(reason({})).toBe('no reason given');
  });
});

describe('RequestEnds: the positions left without their TP/SL', () => {
  it('lists only a refused TP/SL’s position: not a refused open, not a TP/SL cancelled', () => {
    const ends = new RequestEnds();
    ends.onTransition(open('cr_o', 'REJECTED'), 'REJECTED', 1);
    expect(ends.onTransition(tpsl('cr_tc', 'CANCELED', 1), 'CANCELED', 1)?.status).toBe('CANCELED');
    expect(ends.unprotectedPositions()).toEqual([]);
  });

  it('keeps a position listed while a later TP/SL on it is only under way, and clears it once that one is set', () => {
    const ends = new RequestEnds();
    ends.onTransition(tpsl('cr_1', 'REJECTED', 1, { errorCode: 'INVALID_TPSL' }), 'REJECTED', 1);
    ends.onTransition(tpsl('cr_2', 'SUBMITTING', 2), 'SUBMITTING', 2);
    ends.onTransition(tpsl('cr_2', 'ACCEPTED', 3), 'ACCEPTED', 3);
    expect(ends.unprotectedPositions()).toEqual([
      { strategyId: 'dca', symbol: 'ETHUSDT', position: 'cr_open', reason: 'INVALID_TPSL', at: 1 },
    ]);
    ends.onTransition(tpsl('cr_2', 'FILLED', 4), 'FILLED', 4);
    expect(ends.unprotectedPositions()).toEqual([]);
  });
});

describe('unprotectedInJournal', () => {
  it('replays the TP/SL records in the order they ended, whatever order the journal lists them in', () => {
    const records = [
      tpsl('cr_3', 'FILLED', 3),
      tpsl('cr_1', 'REJECTED', 1),
      open('cr_x', 'REJECTED'),
      tpsl('cr_2', 'REJECTED', 2, { errorCode: 'LATEST' }),
    ];
    expect(unprotectedInJournal(records)).toEqual([]);
    const stillBare = [
      tpsl('cr_2', 'REJECTED', 5, { errorCode: 'LATE' }),
      tpsl('cr_3', 'FILLED', 3),
      tpsl('cr_1', 'REJECTED', 1),
    ];
    expect(unprotectedInJournal(stillBare).map((p) => p.reason)).toEqual(['LATE']);
  });
});
