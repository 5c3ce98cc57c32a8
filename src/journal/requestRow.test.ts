import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { BatchId, ClientRequestId, QuoteId, TempId } from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import { newRequest } from '../domain/newRequest.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { OpenRequestOrder } from '../domain/requestOrder.ts';
import { JournalRowError } from './JournalRowError.ts';
import { openJournal } from './openJournal.ts';
import { type RequestRow, recordToParams, recordToValues, rowToRecord } from './requestRow.ts';
import { INSERT_REQUEST_SQL, REQUEST_COLUMNS } from './requestSql.ts';
import { sampleOpenRecord } from './testRecord.ts';

const good = recordToParams(sampleOpenRecord(1)) as unknown as RequestRow;
const openParams = JSON.parse(good.params) as Record<string, unknown>;
const withParams = (p: Record<string, unknown>): RequestRow => ({ ...good, params: JSON.stringify(p) });

const base = { ...sampleOpenRecord(2), status: 'ACCEPTED' as const, tempId: TempId('t-2') };
const { kind: _k, order: _o, ...shared } = base;

describe('the journal row codec', () => {
  it.each<[string, RequestRecord]>([
    [
      'a MARKET open with slippage',
      newRequest(shared, { ...(base.order as OpenRequestOrder), slippage: dec('0.005') }),
    ],
    [
      'a LIMIT close',
      newRequest(shared, {
        kind: 'close',
        quoteId: QuoteId('q-7'),
        quantity: dec('0.25'),
        orderType: 'LIMIT',
        closePrice: dec('101.5'),
      }),
    ],
    [
      'a cancel',
      newRequest(shared, { kind: 'cancelClose', target: ClientRequestId('cr_9'), positionId: TempId('t-9') }),
    ],
    [
      'a TP/SL clearing its stop',
      newRequest(shared, { kind: 'setTpSl', takeProfit: dec('120000.5'), stopLoss: null }),
    ],
    [
      'a TP relative to the fill, waiting for its open',
      newRequest(shared, {
        kind: 'setTpSl',
        after: ClientRequestId('cr_open'),
        relative: { takeProfit: dec('0.0005'), pricePrecision: 1 },
      }),
    ],
    [
      'a relative TP/SL once priced from the fill',
      newRequest(shared, {
        kind: 'setTpSl',
        takeProfit: dec('50125.4'),
        stopLoss: dec('49000'),
        after: ClientRequestId('cr_open'),
        relative: { takeProfit: dec('0.0005'), stopLoss: dec('0.02'), pricePrecision: 1 },
      }),
    ],
  ])('reads back %s exactly as it was written, by name and by place', (_what, record) => {
    const named = recordToParams(record);
    expect(rowToRecord(named as unknown as RequestRow)).toEqual(record);
    expect(recordToValues(record)).toEqual(REQUEST_COLUMNS.map((c) => named[c]));
  });

  it('inserts a record with every field set, each in its own column', () => {
    const { journal } = openJournal({ path: ':memory:', clock: new VirtualClock() });
    const record: RequestRecord = {
      ...sampleOpenRecord(3, 10),
      status: 'CREATED',
      venueStatus: 'OPENED',
      tempId: TempId('t-3'),
      quoteId: QuoteId('q-3'),
      batchId: BatchId('b-3'),
      filledQuantity: dec('0.004'),
      avgPrice: dec('60000.5'),
      errorCode: 'E_3',
      reason: 'why 3',
      submittedAt: 11,
      updatedAt: 12,
    };
    journal.insertRequests([record]);
    const row = journal.database.prepare('SELECT * FROM requests').get();
    expect(row).toEqual({ ...recordToParams(record) });
    journal.close();
  });

  it.each<[string, RequestRow, string]>([
    ['an unknown kind', { ...good, kind: 'teleport' }, 'kind'],
    ['an unknown status', { ...good, status: 'DONE' }, 'status'],
    ['an unknown side', { ...good, side: 'UP' }, 'side'],
    ['a quantity that is not a decimal', { ...good, quantity: '1,5' }, 'quantity'],
    ['params that are not JSON', { ...good, params: '{"marketId":' }, 'params'],
    ['params that are not an object', { ...good, params: '[1]' }, 'params'],
    ['an open without leverage', withParams({ ...openParams, leverage: undefined }), 'params.leverage'],
    [
      'an open with a non-numeric quantity',
      withParams({ ...openParams, quantity: 'lots' }),
      'params.quantity',
    ],
    ['an order type the venue lacks', withParams({ ...openParams, orderType: 'STOP' }), 'params.orderType'],
    [
      'a relative TP without the price decimals to resolve it',
      { ...withParams({ takeProfitFraction: '0.0005' }), kind: 'setTpSl' },
      'params.pricePrecision',
    ],
    [
      'a TP fraction that is not a decimal',
      { ...withParams({ stopLossFraction: 'half', pricePrecision: 1 }), kind: 'setTpSl' },
      'params.stopLossFraction',
    ],
    [
      'a created time that is not a number',
      { ...good, created_at: 'soon' as unknown as number },
      'created_at',
    ],
  ])('refuses a row with %s, naming the row and the field', (_what, row, field) => {
    const thrown = (() => {
      try {
        rowToRecord(row);
      } catch (e) {
        return e;
      }
    })();
    expect(thrown).toBeInstanceOf(JournalRowError);
    expect((thrown as JournalRowError).message).toContain(
      `journal row "cr_1" (requests table), field ${field}:`,
    );
  });

  it('reads a TP/SL row written before relative legs existed as absolute, with no relative part', () => {
    const row = { ...withParams({ takeProfit: '120000.5', after: 'cr_open' }), kind: 'setTpSl' };
    expect(rowToRecord(row).order).toEqual({
      kind: 'setTpSl',
      takeProfit: dec('120000.5'),
      after: ClientRequestId('cr_open'),
    });
  });

  it('fails opening a file journal with a bad row instead of quarantining it', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'pf-row-')), 'j.sqlite');
    const clock = new VirtualClock();
    const { journal } = openJournal({ path, clock });
    journal.database.prepare(INSERT_REQUEST_SQL).run({ ...good, status: 'DONE' } as never);
    journal.close();
    expect(() => openJournal({ path, clock })).toThrow(/journal row "cr_1" \(requests table\), field status/);
  });
});
