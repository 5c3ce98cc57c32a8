import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { ClientRequestId } from '../../src/domain/ids.ts';
import { INTENT_ID_SCHEME, intentIdSchemeOf } from '../../src/journal/intentIdSchemeOf.ts';
import { openJournal } from '../../src/journal/openJournal.ts';
import { INSERT_REQUEST_SQL } from '../../src/journal/requestSql.ts';

/** Rows exactly as perpflow 0.1.0 wrote them (its recordToParams), one per request kind and shape. */
const OLD_ROWS = JSON.parse(
  readFileSync(new URL('./fixtures/requests-0.1.0.json', import.meta.url), 'utf8'),
) as Record<string, string | number | null>[];

/** A journal file holding the 0.1.0 rows, written through the current schema (unchanged since). */
function oldJournal(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'pf-old-journal-')), 'j.sqlite');
  const { journal } = openJournal({ path, clock: new VirtualClock() });
  const insert = journal.database.prepare(INSERT_REQUEST_SQL);
  for (const row of OLD_ROWS) insert.run(row);
  journal.close();
  return path;
}

const id = ClientRequestId;

describe('a journal written by perpflow 0.1.0', () => {
  it('opens, and every row reads back as a typed order with exact decimals', () => {
    const { journal } = openJournal({ path: oldJournal(), clock: new VirtualClock() });
    const order = (n: number) => journal.get(id(`cr_old${n}`))?.order;
    const open = order(1);
    expect(open?.kind).toBe('open');
    if (open?.kind !== 'open') throw new Error('not an open');
    expect([open.marketId, open.side, open.orderType, open.leverage]).toEqual([1, 'LONG', 'MARKET', 10]);
    expect([open.quantity.toString(), open.slippage?.toString()]).toEqual(['0.012', '0.01']);
    const limit = order(2);
    expect(limit?.kind === 'open' && limit.limitPrice?.toString()).toBe('1700.123');
    const close = order(3);
    expect(
      close?.kind === 'close' && [close.quoteId, close.quantity.toString(), close.closePrice?.toString()],
    ).toEqual(['q-1', '0.006', '99000.5']);
    expect(order(4)).toMatchObject({ kind: 'close', closeAll: true, orderType: 'MARKET' });
    expect(order(5)).toEqual({ kind: 'cancelOpen', target: 'cr_old2', positionId: 'tmp-2' });
    const tp = order(6);
    expect(tp?.kind === 'setTpSl' && [tp.takeProfit?.toString(), tp.stopLoss]).toEqual(['120000.9', null]);
    expect(order(7)).toMatchObject({ kind: 'setTpSl', after: 'cr_old2' });
    expect(journal.get(id('cr_old5'))).toMatchObject({ status: 'REJECTED', errorCode: 'NOT_CANCELLABLE' });
    journal.close();
  });

  it('derives its intent ids by sha256, as 0.1.0 made them, and latches that in its meta', () => {
    const { journal } = openJournal({ path: oldJournal(), clock: new VirtualClock() });
    expect(intentIdSchemeOf(journal)).toBe('sha256');
    expect(journal.getMeta(INTENT_ID_SCHEME)).toBe('sha256');
    journal.close();
  });

  it('keeps each row’s params text byte for byte when the row is rewritten', () => {
    const path = oldJournal();
    const { journal } = openJournal({ path, clock: new VirtualClock() });
    // Every row is rewritten (an update writes the whole row from the record read back).
    for (const r of journal.all()) journal.update(r.clientRequestId, { updatedAt: r.updatedAt + 1 });
    journal.transition(id('cr_old7'), 'SUBMITTING');
    const params = journal.database.prepare('SELECT client_request_id, params FROM requests').all() as {
      client_request_id: string;
      params: string;
    }[];
    expect(params).toEqual(
      OLD_ROWS.map((r) => ({ client_request_id: r.client_request_id, params: r.params })),
    );
    journal.close();
  });
});
