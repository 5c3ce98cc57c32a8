import { describe, expect, it } from 'vitest';
import { BatchId, MarketSymbol, QuoteId, TempId } from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import { submitOperation, submitVia } from './submitVia.ts';
import type { OpenOrder, SubmitGroup, VenueActions } from './VenuePort.ts';

/** The endpoints as a venue would be called: each call recorded by name and item count. */
function recorder(calls: string[]): VenueActions {
  const single = (name: string) => async () => {
    calls.push(`${name} 1`);
    return { tempId: TempId('t1') };
  };
  const batch = (name: string) => async (items: readonly unknown[]) => {
    calls.push(`${name} ${items.length}`);
    return { batchId: BatchId('b1'), results: [] };
  };
  return {
    openPosition: single('openPosition'),
    closePosition: single('closePosition'),
    cancelOpen: single('cancelOpen'),
    cancelClose: single('cancelClose'),
    batchOpen: batch('batchOpen'),
    batchClose: batch('batchClose'),
    batchCancelOpen: batch('batchCancelOpen'),
    batchCancelClose: batch('batchCancelClose'),
  };
}

const order: OpenOrder = {
  symbol: MarketSymbol('BTCUSDT'),
  side: 'LONG',
  quantity: dec('0.01'),
  leverage: 5,
  orderType: 'MARKET',
};
const close = { quoteId: QuoteId('q1'), quantity: dec('0.01'), orderType: 'MARKET' } as const;

const groups: readonly [string, SubmitGroup, SubmitGroup, string, string][] = [
  [
    'open',
    { kind: 'open', items: [order] },
    { kind: 'open', items: [order, order] },
    'openPosition',
    'batchOpen',
  ],
  [
    'close',
    { kind: 'close', items: [close] },
    { kind: 'close', items: [close, close, close] },
    'closePosition',
    'batchClose',
  ],
  [
    'cancelOpen',
    { kind: 'cancelOpen', items: [TempId('t1')] },
    { kind: 'cancelOpen', items: [TempId('t1'), QuoteId('q2')] },
    'cancelOpen',
    'batchCancelOpen',
  ],
  [
    'cancelClose',
    { kind: 'cancelClose', items: [TempId('t1')] },
    { kind: 'cancelClose', items: [TempId('t1'), TempId('t2')] },
    'cancelClose',
    'batchCancelClose',
  ],
];

describe('submitVia: one group, one venue call', () => {
  it.each(groups)(
    'sends one %s item to the single endpoint and more to the batch one',
    async (_kind, one, many, single, batch) => {
      const calls: string[] = [];
      await submitVia(recorder(calls), one);
      await submitVia(recorder(calls), many);
      expect(calls).toEqual([`${single} 1`, `${batch} ${many.items.length}`]);
      expect([submitOperation(one), submitOperation(many)]).toEqual([single, batch]);
    },
  );

  it('refuses an empty group without calling the venue', async () => {
    const calls: string[] = [];
    await expect(submitVia(recorder(calls), { kind: 'open', items: [] })).rejects.toThrow(
      'submit: an empty open group',
    );
    expect(calls).toEqual([]);
  });
});
