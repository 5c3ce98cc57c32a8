import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import {
  BatchId,
  ClientRequestId,
  IntentId,
  MarketSymbol,
  QuoteId,
  StrategyId,
  TempId,
} from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import { openJournal } from './openJournal.ts';
import { readRequestRecords } from './requestSql.ts';
import { sampleOpenRecord } from './testRecord.ts';

const shown = (x: unknown): string => JSON.stringify(x, (_k, v) => (v === undefined ? '(undefined)' : v));

describe('RowUpdates', () => {
  it('leaves each row as the journal holds the record after every kind of change, column by column', () => {
    const clock = new VirtualClock();
    const { journal } = openJournal({ path: ':memory:', clock });
    journal.insertRequests([sampleOpenRecord(1, clock.now()), sampleOpenRecord(2, clock.now())]);
    const id = ClientRequestId('cr_1');
    clock.advanceSync(5);
    journal.transition(id, 'SUBMITTING', { submittedAt: clock.now(), batchId: BatchId('b-1') });
    clock.advanceSync(5);
    journal.transition(id, 'ACCEPTED', { tempId: TempId('t-1'), venueStatus: 'PENDING' });
    journal.update(id, { strategyId: StrategyId('s2'), reason: 'moved' });
    clock.advanceSync(5);
    journal.transition(id, 'FILLED', {
      quoteId: QuoteId('q-1'),
      filledQuantity: dec('0.01'),
      avgPrice: dec('60000.12345678'),
      venueStatus: 'OPENED',
    });
    journal.update(ClientRequestId('cr_2'), {});
    const other = ClientRequestId('cr_2');
    journal.transition(other, 'SUBMITTING', { submittedAt: clock.now() });
    journal.transition(other, 'REJECTED', { errorCode: 'INSUFFICIENT_MARGIN', reason: 'refused' });
    journal.update(other, { side: 'SHORT' });
    const before = journal.all()[1]!;
    journal.update(other, {
      intentId: IntentId('in_moved'),
      symbol: MarketSymbol('ETHUSDT'),
      quantity: dec('0.02'),
      order: { ...before.order, quantity: dec('0.02') } as typeof before.order,
    });
    const onDisk = readRequestRecords(journal.database);
    expect(shown(onDisk)).toBe(shown(journal.all()));
    expect(onDisk.map((r) => [r.status, r.tempId, r.strategyId, r.avgPrice?.toString()])).toEqual([
      ['FILLED', 't-1', 's2', '60000.12345678'],
      ['REJECTED', undefined, 's1', undefined],
    ]);
    expect(onDisk.map((r) => [r.errorCode, r.side, r.intentId, r.symbol, r.quantity?.toString()])).toEqual([
      [undefined, 'LONG', 'in_1', 'BTCUSDT', '0.01'],
      ['INSUFFICIENT_MARGIN', 'SHORT', 'in_moved', 'ETHUSDT', '0.02'],
    ]);
    expect(shown(onDisk[1]?.order)).toBe(shown({ ...before.order, quantity: dec('0.02') }));
    journal.close();
  });

  it('writes nothing for a change that leaves every field as it was, and the journal stays writable', () => {
    const clock = new VirtualClock();
    const { journal } = openJournal({ path: ':memory:', clock });
    journal.insertRequests([sampleOpenRecord(1, clock.now())]);
    const id = ClientRequestId('cr_1');
    journal.update(id, {});
    expect(journal.writeFailure).toBeUndefined();
    expect(shown(readRequestRecords(journal.database))).toBe(shown(journal.all()));
    journal.transition(id, 'SUBMITTING', { submittedAt: clock.now() });
    expect(readRequestRecords(journal.database).map((r) => r.status)).toEqual(['SUBMITTING']);
    journal.close();
  });
});
