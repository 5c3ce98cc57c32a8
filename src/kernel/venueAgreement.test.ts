import { describe, expect, it } from 'vitest';
import { MarketId, MarketSymbol, QuoteId } from '../domain/ids.ts';
import { type Decimal, dec } from '../domain/money.ts';
import type { Position } from '../domain/position.ts';
import type { VenueStatus } from '../domain/venueStatus.ts';
import { describeExposure, venueAgreement } from './venueAgreement.ts';

let quotes = 0;
function position(
  symbol: string,
  side: 'LONG' | 'SHORT',
  quantity: string,
  o: { closed?: string; status?: VenueStatus; quoted?: boolean } = {},
): Position {
  quotes += 1;
  return {
    quoteId: o.quoted === false ? null : QuoteId(`q-${quotes}`),
    tempId: null,
    marketId: MarketId(1),
    symbol: MarketSymbol(symbol),
    side,
    quantity: dec(quantity),
    closedQuantity: dec(o.closed ?? '0'),
    openedPrice: dec(100),
    leverage: 1,
    status: o.status ?? 'OPENED',
    unrealizedPnl: dec(0),
    margin: dec(0),
    accumulatedFunding: dec(0),
    createdAt: 0,
    updatedAt: 0,
  };
}

const shown = (m: ReadonlyMap<string, Decimal>) => [...m].map(([k, q]) => `${k} ${q.toString()}`);

describe('venueAgreement', () => {
  it("sums the open quantity (quantity less closed) of a market side's live positions, each side apart", () => {
    const a = venueAgreement(
      [
        position('BTCUSDT', 'LONG', '0.03', { closed: '0.01' }),
        position('BTCUSDT', 'LONG', '0.01', { status: 'CLOSE_PENDING' }),
        position('BTCUSDT', 'SHORT', '0.5', { status: 'CANCEL_CLOSE_PENDING' }),
        position('ETHUSDT', 'LONG', '1'),
      ],
      new Map([
        ['BTCUSDT:LONG', dec('0.03')],
        ['BTCUSDT:SHORT', dec('0.5')],
        ['ETHUSDT:LONG', dec('1')],
      ]),
    );
    expect(shown(a.venue)).toEqual(['BTCUSDT:LONG 0.03', 'BTCUSDT:SHORT 0.5', 'ETHUSDT:LONG 1']);
    expect(a.agree).toBe(true);
  });

  it('leaves out what is not held: an open not yet quoted, a closed position', () => {
    const a = venueAgreement(
      [
        position('BTCUSDT', 'LONG', '0.01', { quoted: false }),
        position('BTCUSDT', 'LONG', '0.02', { status: 'CLOSED', closed: '0.02' }),
        position('BTCUSDT', 'LONG', '0.04', { status: 'PENDING' }),
      ],
      new Map(),
    );
    expect(shown(a.venue)).toEqual([]);
    expect(a.agree).toBe(true);
  });

  it('agrees with a ledger entry of zero where the venue lists nothing', () => {
    expect(venueAgreement([], new Map([['BTCUSDT:LONG', dec(0)]])).agree).toBe(true);
  });

  it('disagrees when the ledger books a side the venue does not hold, or the venue holds one the ledger does not book', () => {
    const ledger = new Map([['BTCUSDT:LONG', dec('0.01')]]);
    expect(venueAgreement([], ledger).agree).toBe(false);
    expect(
      venueAgreement([position('BTCUSDT', 'LONG', '0.01'), position('ETHUSDT', 'SHORT', '1')], ledger).agree,
    ).toBe(false);
    expect(venueAgreement([position('BTCUSDT', 'SHORT', '0.01')], ledger).agree).toBe(false);
    expect(venueAgreement([position('BTCUSDT', 'LONG', '0.02')], ledger).agree).toBe(false);
  });

  it('hands back the ledger it was given', () => {
    const ledger = new Map([['BTCUSDT:LONG', dec('0.01')]]);
    expect(venueAgreement([position('BTCUSDT', 'LONG', '0.01')], ledger).ledger).toBe(ledger);
  });
});

describe('describeExposure', () => {
  it('names each held market side with its quantity, comma-separated, and leaves zero out', () => {
    const m = new Map([
      ['BTCUSDT:LONG', dec('0.01')],
      ['ETHUSDT:SHORT', dec(0)],
      ['SOLUSDT:SHORT', dec('2.5')],
    ]);
    expect(describeExposure(m)).toBe('BTCUSDT:LONG 0.01, SOLUSDT:SHORT 2.5');
  });

  it('says flat for nothing held', () => {
    expect(describeExposure(new Map())).toBe('flat');
    expect(describeExposure(new Map([['BTCUSDT:LONG', dec(0)]]))).toBe('flat');
  });
});
