import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusDrift } from '../../src/cli/commands/statusDrift.ts';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { FillId, MarketSymbol, StrategyId } from '../../src/domain/ids.ts';
import { dec } from '../../src/domain/money.ts';
import type { RequestRecord } from '../../src/domain/request.ts';
import type { JournalPort } from '../../src/journal/JournalPort.ts';
import { openJournal } from '../../src/journal/openJournal.ts';
import { openPostgresJournal } from '../../src/journal/postgres/openPostgresJournal.ts';
import { readPgJournal } from '../../src/journal/postgres/pgReadOnly.ts';
import { openReadOnlyJournal } from '../../src/journal/readOnlyJournal.ts';
import { sampleOpenRecord } from '../../src/journal/testRecord.ts';
import { SHADOW_SINCE } from '../../src/kernel/shadow/shadowEdges.ts';
import { SCOPE } from './journalStores.ts';
import { type PgServer, startPostgres } from './pgServer.ts';

let server: PgServer | undefined;
beforeAll(async () => {
  server = await startPostgres();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

// Epoch ms of 2026: past 2^31, where a bigint column read as text or int4 would show.
const T0 = Date.UTC(2026, 0, 5);
const records: RequestRecord[] = [1, 2, 3, 4].map((n) => ({
  ...sampleOpenRecord(n, T0 + n * 1_000),
  strategyId: StrategyId(n % 2 === 1 ? 'flip' : 'hold'),
}));

/** The four requests, each filled once at `price + n`. */
function journalRun(j: JournalPort, price: number): void {
  j.insertRequests(records);
  for (const [i, r] of records.entries())
    j.recordFill({
      fillId: FillId(`f${i}`),
      clientRequestId: r.clientRequestId,
      strategyId: r.strategyId,
      quoteId: null,
      symbol: MarketSymbol('BTCUSDT'),
      side: 'LONG',
      effect: 'open',
      quantity: dec('0.010'),
      price: dec(String(price + i)),
      fee: dec('0.01'),
      ts: r.createdAt + 300,
    });
}

describe('the PostgreSQL read-only journal (perpflow status --journal postgres://…)', () => {
  it("reads each request's origin — intent, strategy, creation time as a number — as the SQLite one does, so status reports the same drift against the shadow", async () => {
    if (server === undefined) throw new Error('PostgreSQL did not start');
    const url = await server.freshDatabase();
    const j = await openPostgresJournal({ url, clock: new VirtualClock(T0), scope: SCOPE });
    journalRun(j, 100);
    await j.pendingCommit();
    await j.close();
    const dir = mkdtempSync(join(tmpdir(), 'pf-pg-origins-'));
    const sqliteLive = join(dir, 'live.sqlite');
    const live = openJournal({ path: sqliteLive, clock: new VirtualClock(T0) }).journal;
    journalRun(live, 100);
    live.close();
    const shadowFile = join(dir, 'live.shadow.dry-run.sqlite');
    const shadow = openJournal({ path: shadowFile, clock: new VirtualClock(T0) }).journal;
    shadow.setMeta(SHADOW_SINCE, String(T0 + 1_500));
    journalRun(shadow, 99);
    shadow.close();

    const pg = await readPgJournal(url);
    const file = openReadOnlyJournal(sqliteLive);
    try {
      expect(pg.origins()).toEqual(
        records.map((r) => ({
          clientRequestId: r.clientRequestId,
          intentId: r.intentId,
          strategyId: r.strategyId,
          createdAt: r.createdAt,
        })),
      );
      expect(pg.origins()).toEqual(file.origins());
      const drift = statusDrift(pg, shadowFile);
      expect(drift).toEqual(statusDrift(file, shadowFile));
      // Since T0 + 1.5 s: requests 2, 3 and 4, paired by intent id, each live 1 above its shadow.
      expect(drift?.strategies.map((s) => [s.strategyId, s.matched])).toEqual([
        ['flip', 1],
        ['hold', 2],
      ]);
    } finally {
      pg.close();
      file.close();
    }
  }, 60_000);
});
