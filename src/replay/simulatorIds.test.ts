import { describe, expect, it } from 'vitest';
import { MarketSymbol, QuoteId, TempId } from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import { ackOut, groupIn, isSimulatorId, namesSimulator, reportOut } from './simulatorIds.ts';

describe("the replay simulator's ids", () => {
  it('are marked on the way out, so a simulator tmp-0000001 is never a recorded tmp-0000001', () => {
    const ack = ackOut({ tempId: TempId('tmp-0000001') });
    expect(ack).toEqual({ tempId: 'sim-tmp-0000001' });
    const rep = reportOut({
      tempId: TempId('tmp-0000001'),
      quoteId: QuoteId('1001'),
      status: 'OPENED',
      filledQuantity: dec('0.002'),
      avgPrice: dec('95000.1'),
      updatedAt: 5,
    });
    expect([rep.tempId, rep.quoteId]).toEqual(['sim-tmp-0000001', 'sim-1001']);
    expect(isSimulatorId('tmp-0000001')).toBe(false);
  });

  it('are unmarked on the way in: a close of a simulator quote, a cancel of a simulator request', () => {
    const close = {
      kind: 'close' as const,
      items: [{ quoteId: QuoteId('sim-1001'), quantity: dec(1), orderType: 'MARKET' as const }],
    };
    expect(namesSimulator(close)).toBe(true);
    expect(groupIn(close)).toEqual({ kind: 'close', items: [{ ...close.items[0], quoteId: '1001' }] });
    const cancel = { kind: 'cancelOpen' as const, items: [TempId('sim-tmp-0000002')] };
    expect(groupIn(cancel)).toEqual({ kind: 'cancelOpen', items: ['tmp-0000002'] });
  });

  it('leave a new open and anything recorded alone', () => {
    const open = {
      kind: 'open' as const,
      items: [
        {
          symbol: MarketSymbol('BTCUSDT'),
          side: 'LONG' as const,
          quantity: dec(1),
          leverage: 2,
          orderType: 'MARKET' as const,
        },
      ],
    };
    expect(namesSimulator(open)).toBe(false);
    expect(
      namesSimulator({
        kind: 'close',
        items: [{ quoteId: QuoteId('1001'), quantity: dec(1), orderType: 'MARKET' }],
      }),
    ).toBe(false);
    expect(namesSimulator({ kind: 'cancelClose', items: [TempId('tmp-0000003')] })).toBe(false);
  });
});
