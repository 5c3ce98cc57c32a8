import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import {
  ClientRequestId,
  FillId,
  IntentId,
  MarketSymbol,
  QuoteId,
  StrategyId,
  TempId,
} from '../../src/domain/ids.ts';
import { dec } from '../../src/domain/money.ts';
import { newRequest } from '../../src/domain/newRequest.ts';
import { openPostgresJournal } from '../../src/journal/postgres/openPostgresJournal.ts';
import { sampleOpenRecord } from '../../src/journal/testRecord.ts';
import { fastConfig, perpflow, tempDir } from '../run/runHarness.ts';
import { type PgServer, startPostgres } from './pgServer.ts';

let server: PgServer;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
});

async function cli(args: readonly string[]): Promise<{ code: number | null; out: string }> {
  const p = perpflow(args);
  const code = await p.exited;
  return { code, out: p.lines.join('\n') };
}

describe('perpflow status, halt and resume on a PostgreSQL journal', () => {
  it('read the lease holder and open requests, latch and clear the halt, never print the password', async () => {
    const url = await server.freshDatabase();
    const password = new URL(url).password;
    // This test process holds the lease: `halt` signals it, as it signals a bot on this host.
    let signals = 0;
    const onSignal = () => signals++;
    process.on('SIGUSR2', onSignal);
    const j = await openPostgresJournal({
      url,
      clock: new VirtualClock(),
      scope: 'venue:test',
      renewMs: 60_000,
    });
    try {
      j.insertRequests([sampleOpenRecord(1), sampleOpenRecord(2)]);
      j.transition(sampleOpenRecord(2).clientRequestId, 'NOT_SENT');
      await j.pendingCommit();
      const status = await cli(['status', '--journal', url, '--json']);
      expect(status.code).toBe(0);
      const s = JSON.parse(status.out) as {
        tradingState: string;
        lease: { pid: number }[];
        open: { id: string }[];
      };
      expect([s.tradingState, s.lease.map((l) => l.pid), s.open.map((r) => r.id)]).toEqual([
        'active',
        [process.pid],
        ['cr_1'],
      ]);
      const halt = await cli(['halt', '--journal', url, '--json']);
      expect(halt.code).toBe(0);
      expect(JSON.parse(halt.out)).toMatchObject({
        tradingState: 'halted',
        signalled: `sent SIGUSR2 to pid ${process.pid}`,
      });
      expect(signals).toBe(1);
      expect(JSON.parse((await cli(['status', '--journal', url, '--json'])).out)).toMatchObject({
        tradingState: 'halted',
      });
      const resume = await cli(['resume', '--journal', url]);
      expect(resume.out).toMatch(/^trading active in postgres:\/\/127\.0\.0\.1:\d+\//);
      expect(JSON.parse((await cli(['status', '--journal', url, '--json'])).out)).toMatchObject({
        tradingState: 'active',
      });
      for (const out of [status.out, halt.out, resume.out]) expect(out).not.toContain(password);
    } finally {
      process.off('SIGUSR2', onSignal);
      j.abandon();
    }
  });
});

/** Epoch milliseconds of late 2026: an int8 (BIGINT) column PostgreSQL sends as text. */
const AT = 1_795_886_055_472;

describe('perpflow status, halt and resume on a PostgreSQL journal with fills', () => {
  it('read every BIGINT column as a number: fills, open requests, external and unprotected positions, through the CLI', async () => {
    const url = await server.freshDatabase();
    // This process holds the lease: `halt` signals it, as it signals a bot on this host.
    const onSignal = () => undefined;
    process.on('SIGUSR2', onSignal);
    const j = await openPostgresJournal({
      url,
      clock: new VirtualClock(AT),
      scope: 'venue:test',
      renewMs: 60_000,
    });
    try {
      const open = sampleOpenRecord(1, AT);
      j.insertRequests([open, sampleOpenRecord(2, AT)]);
      j.transition(open.clientRequestId, 'SUBMITTING', { submittedAt: AT });
      j.transition(open.clientRequestId, 'ACCEPTED', { tempId: TempId('t1') });
      j.transition(open.clientRequestId, 'FILLED', { quoteId: QuoteId('q1') });
      j.recordFill({
        fillId: FillId('open:cr_1'),
        clientRequestId: open.clientRequestId,
        strategyId: StrategyId('s1'),
        quoteId: QuoteId('q1'),
        symbol: MarketSymbol('BTCUSDT'),
        side: 'LONG',
        effect: 'open',
        quantity: dec('0.010'),
        price: dec('60000.5'),
        fee: dec('0.36'),
        ts: AT,
      });
      // The open request cr_2 stays in flight; the position's TP/SL was refused.
      j.transition(sampleOpenRecord(2).clientRequestId, 'SUBMITTING', { submittedAt: AT });
      const tpsl = newRequest(
        {
          clientRequestId: ClientRequestId('cr_3'),
          intentId: IntentId('in_1'),
          strategyId: StrategyId('s1'),
          symbol: MarketSymbol('BTCUSDT'),
          status: 'CREATED',
          createdAt: AT,
          updatedAt: AT,
        },
        { kind: 'setTpSl', takeProfit: dec('70000') },
      );
      j.insertRequests([tpsl]);
      j.transition(tpsl.clientRequestId, 'SUBMITTING', { submittedAt: AT });
      j.transition(tpsl.clientRequestId, 'REJECTED', { quoteId: QuoteId('q1'), errorCode: 'INVALID_TPSL' });
      j.upsertExternal({ positionKey: 'ext:1009', symbol: 'ETHUSDT', side: 'SHORT', quantity: '0.5' });
      await j.pendingCommit();

      const status = await cli(['status', '--journal', url, '--json']);
      expect(status.out).not.toContain('expected a number');
      expect(status.code).toBe(0);
      const s = JSON.parse(status.out) as {
        fills: number;
        externalPositions: number;
        positions: { market: string; size: string; entry: string }[];
        open: { id: string; status: string }[];
        unprotected: { market: string; reason: string }[];
        pnl: { fees: string };
      };
      expect({
        fills: s.fills,
        externals: s.externalPositions,
        positions: s.positions.map((p) => `${p.market} ${p.size} @ ${p.entry}`),
        open: s.open.map((r) => `${r.id} ${r.status}`),
        unprotected: s.unprotected.map((u) => `${u.market}: ${u.reason}`),
        fees: s.pnl.fees,
      }).toEqual({
        fills: 1,
        externals: 1,
        positions: ['BTCUSDT 0.01 @ 60000.5'],
        open: ['cr_2 SUBMITTING'],
        unprotected: ['BTCUSDT: INVALID_TPSL'],
        fees: '0.36',
      });
      const halt = await cli(['halt', '--journal', url, '--json']);
      expect(halt.code).toBe(0);
      expect(JSON.parse((await cli(['status', '--journal', url, '--json'])).out)).toMatchObject({
        tradingState: 'halted',
        fills: 1,
      });
      expect((await cli(['resume', '--journal', url])).code).toBe(0);
      expect(JSON.parse((await cli(['status', '--journal', url, '--json'])).out)).toMatchObject({
        tradingState: 'active',
        fills: 1,
      });
    } finally {
      process.off('SIGUSR2', onSignal);
      j.abandon();
    }
  });
});

describe('perpflow status on a PostgreSQL journal holding a BIGINT it cannot read exactly', () => {
  it('refuses, naming the table, the row and the column', async () => {
    const url = await server.freshDatabase();
    const j = await openPostgresJournal({
      url,
      clock: new VirtualClock(AT),
      scope: 'venue:test',
      renewMs: 60_000,
    });
    j.abandon();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO perpflow_fills(fill_id, symbol, side, effect, quantity, price, fee, ts)
         VALUES ('f-far', 'BTCUSDT', 'LONG', 'open', '1', '1', '0', 9007199254740993)`,
      );
    } finally {
      await client.end();
    }
    const status = await cli(['status', '--journal', url, '--json']);
    expect(status.code).toBe(1);
    expect(JSON.parse(status.out)).toMatchObject({
      error: {
        message:
          'journal row "f-far" (fills table), field ts: expected a number, got the integer 9007199254740993, beyond ±2^53 (not held exactly)',
        details: { table: 'fills', row: 'f-far', field: 'ts' },
      },
    });
  });
});

describe('perpflow halt, resume and status CONFIG for a config whose journal is PostgreSQL', () => {
  it('act on the journal in the database, not on a SQLite file of the same config', async () => {
    const url = await server.freshDatabase();
    const dir = tempDir();
    const cfg = fastConfig(dir, { mode: 'dry-run' });
    writeFileSync(
      cfg,
      readFileSync(cfg, 'utf8').replace(
        /journal: \{ path: ([^}]*) \}/,
        `journal: { path: $1, url: "${url}" }`,
      ),
    );
    const j = await openPostgresJournal({
      url,
      clock: new VirtualClock(AT),
      scope: 'venue:test',
      renewMs: 60_000,
    });
    j.abandon();
    // The abandoned lease still names this process: `halt` signals it, as a bot on this host.
    const onSignal = () => undefined;
    process.on('SIGUSR2', onSignal);
    const env = { PERPFLOW_HOST_DIR: join(dir, 'host') };
    const run = async (args: readonly string[]) => {
      const p = perpflow(args, process.cwd(), env);
      return { code: await p.exited, out: p.lines.join('\n') };
    };
    try {
      const halt = await run(['halt', cfg, '--json']);
      expect(halt.out).toContain('"tradingState":"halted"');
      expect(JSON.parse((await cli(['status', '--journal', url, '--json'])).out)).toMatchObject({
        tradingState: 'halted',
      });
      expect(JSON.parse((await run(['status', cfg, '--dry-run', '--json'])).out)).toMatchObject({
        tradingState: 'halted',
        journal: expect.stringMatching(/^postgres:\/\//),
      });
      await run(['resume', cfg]);
      expect(JSON.parse((await cli(['status', '--journal', url, '--json'])).out)).toMatchObject({
        tradingState: 'active',
      });
    } finally {
      process.off('SIGUSR2', onSignal);
    }
  });
});
