import { describe, expect, it } from 'vitest';
import { ClientRequestId, IntentId, MarketSymbol, QuoteId, StrategyId } from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { RequestStatus } from '../domain/requestStatus.ts';
import { TpSlBook, type TpSlParams } from './TpSlBook.ts';

let n = 0;
const orderLegs = (p: TpSlParams) =>
  Object.fromEntries(
    Object.entries(p).map(([k, v]) => [k, k === 'after' || v === null || v === undefined ? v : dec(v)]),
  );
function tpsl(params: TpSlParams, status: RequestStatus = 'FILLED', quoteId = 'q1'): RequestRecord {
  n++;
  return {
    clientRequestId: ClientRequestId(`cr_${n}`),
    intentId: IntentId(`in_${n}`),
    strategyId: StrategyId('s1'),
    kind: 'setTpSl',
    symbol: MarketSymbol('BTCUSDT'),
    side: 'LONG',
    quoteId: QuoteId(quoteId),
    order: { kind: 'setTpSl', ...orderLegs(params) },
    status,
    createdAt: n,
    updatedAt: n,
  };
}

const legs = (b: TpSlBook, q = 'q1') => {
  const a = b.armedOn(q);
  return a === undefined ? undefined : [a.takeProfit?.toString() ?? null, a.stopLoss?.toString() ?? null];
};

describe('TpSlBook', () => {
  it('replaces only the legs a request names, clears a leg on null, and forgets a quote with no leg left', () => {
    const b = new TpSlBook();
    b.noteApplied(tpsl({ takeProfit: '110', stopLoss: '90' }));
    b.noteApplied(tpsl({ takeProfit: '120' }));
    expect(legs(b)).toEqual(['120', '90']);
    b.noteApplied(tpsl({ stopLoss: null }));
    expect(legs(b)).toEqual(['120', null]);
    b.noteApplied(tpsl({ takeProfit: null }));
    expect(b.armedOn('q1')).toBeUndefined();
  });

  it('books a fired close to the request that set the latest leg', () => {
    const b = new TpSlBook();
    b.noteApplied(tpsl({ takeProfit: '110' }));
    const last = tpsl({ stopLoss: '90' });
    b.noteApplied(last);
    expect(b.armedOn('q1')?.clientRequestId).toBe(last.clientRequestId);
  });

  it('rebuilds from the journal with only requests that took effect, oldest first', () => {
    const b = TpSlBook.fromJournal(
      [
        tpsl({ takeProfit: '130' }, 'RECONCILED_EXECUTED'),
        tpsl({ takeProfit: '999' }, 'REJECTED'),
        tpsl({ takeProfit: '998' }, 'RECONCILED_NOT_EXECUTED'),
        tpsl({ stopLoss: '80' }, 'FILLED', 'q2'),
      ].reverse(),
    );
    expect(legs(b)).toEqual(['130', null]);
    expect(legs(b, 'q2')).toEqual([null, '80']);
  });

  it('keeps the first leg a mark crosses as evidence, says so once, and forgets it when the legs are replaced', () => {
    const b = new TpSlBook();
    b.noteApplied(tpsl({ takeProfit: '110', stopLoss: '90' }));
    expect(b.watching).toBe(true);
    expect(b.onMark('ETHUSDT', 200)).toBe(false);
    expect(b.onMark('BTCUSDT', 100)).toBe(false);
    expect(b.onMark('BTCUSDT', 110)).toBe(true);
    expect(b.onMark('BTCUSDT', 80)).toBe(false);
    expect(b.armedOn('q1')?.crossed).toBe('takeProfit');
    b.noteApplied(tpsl({ takeProfit: '120' }));
    expect(b.armedOn('q1')?.crossed).toBeUndefined();
    expect(b.onMark('BTCUSDT', 89)).toBe(true);
    expect(b.armedOn('q1')?.crossed).toBe('stopLoss');
    b.disarm('q1');
    expect(b.watching).toBe(false);
  });

  it('holds TP/SL requests per open and hands them over once', () => {
    const b = new TpSlBook();
    const open = ClientRequestId('cr_open');
    b.hold(open, ClientRequestId('t1'));
    b.hold(open, ClientRequestId('t2'));
    b.hold(open, ClientRequestId('t1'));
    expect(b.holding).toBe(1);
    expect(b.takeHeld(open)).toEqual(['t1', 't2']);
    expect(b.takeHeld(open)).toEqual([]);
    expect(b.holding).toBe(0);
  });
});
