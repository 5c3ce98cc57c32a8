import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { ClientRequestId, FillId, MarketSymbol, QuoteId, StrategyId } from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import { JournalRowError } from './JournalRowError.ts';
import { openJournal } from './openJournal.ts';

const journal = () => openJournal({ path: ':memory:', clock: new VirtualClock() }).journal;
const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
};

describe('fill and external-position rows read back', () => {
  it('come back exactly as recorded', () => {
    const j = journal();
    const fill = {
      fillId: FillId('f-1'),
      clientRequestId: ClientRequestId('cr_1'),
      strategyId: StrategyId('s1'),
      quoteId: QuoteId('q-1'),
      symbol: MarketSymbol('BTCUSDT'),
      side: 'SHORT' as const,
      effect: 'close' as const,
      quantity: dec('0.012'),
      price: dec('97123.45'),
      fee: dec('0.41'),
      ts: 7,
    };
    j.recordFill(fill);
    j.upsertExternal({ positionKey: 'q:9', symbol: 'ETHUSDT', side: 'LONG', quantity: '0.5' });
    expect(j.fills()).toEqual([fill]);
    expect(j.externals()).toMatchObject([{ positionKey: 'q:9', side: 'LONG', quantity: '0.5' }]);
  });

  it.each([
    [
      'fills',
      "INSERT INTO fills VALUES ('f-9',NULL,NULL,NULL,'BTCUSDT','LONG','grow','1','2','0',1)",
      'effect',
    ],
    ['fills', "INSERT INTO fills VALUES ('f-9',NULL,NULL,NULL,'BTCUSDT','UP','open','1','2','0',1)", 'side'],
    [
      'fills',
      "INSERT INTO fills VALUES ('f-9',NULL,NULL,NULL,'BTCUSDT','LONG','open','1','2,5','0',1)",
      'price',
    ],
    [
      'external_positions',
      "INSERT INTO external_positions VALUES ('q:9','ETHUSDT','LONG','half',1,1)",
      'quantity',
    ],
  ])(
    'a %s row this version cannot read is refused, naming the row and the field (%s)',
    (table, sql, field) => {
      const j = journal();
      j.database.exec(sql);
      const e = thrown(() => (table === 'fills' ? j.fills() : j.externals()));
      expect(e).toBeInstanceOf(JournalRowError);
      const row = table === 'fills' ? 'f-9' : 'q:9';
      expect((e as Error).message).toContain(`journal row "${row}" (${table} table), field ${field}:`);
    },
  );
});
