import { connect, createServer, type Server } from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { JournalError } from '../../src/errors/JournalError.ts';
import { migrate } from '../../src/journal/postgres/migrate.ts';
import { MIGRATIONS } from '../../src/journal/postgres/migrations.ts';
import {
  openPostgresJournal,
  type PgJournalOptions,
} from '../../src/journal/postgres/openPostgresJournal.ts';
import type { PostgresJournal } from '../../src/journal/postgres/PostgresJournal.ts';
import { changePgJournalMeta } from '../../src/journal/postgres/pgOperator.ts';
import { sampleOpenRecord } from '../../src/journal/testRecord.ts';
import { paperAccountOf } from '../../src/kernel/edges/paperAccount.ts';
import { type PgServer, startPostgres } from './pgServer.ts';

let server: PgServer;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
});

const opened: PostgresJournal[] = [];
afterEach(() => {
  for (const j of opened.splice(0)) j.abandon();
});

const SCOPE = 'venue:test:0xsub';

/** A journal on `url` whose lease lasts 0.3 s unrenewed (a virtual clock never renews it). */
async function open(url: string, more: Partial<PgJournalOptions> = {}): Promise<PostgresJournal> {
  const j = await openPostgresJournal({
    url,
    clock: new VirtualClock(),
    scope: SCOPE,
    leaseTtlMs: 300,
    renewMs: 50,
    waitClock: new SystemClock(),
    ...more,
  });
  opened.push(j);
  return j;
}

async function sql<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text)).rows;
  } finally {
    await c.end();
  }
}

describe('PostgreSQL journal: lease and fencing', () => {
  it('refuses the commit of an active whose lease a standby took over, and nothing it wrote lands', async () => {
    const url = await server.freshDatabase();
    const lost: JournalError[] = [];
    const old = await open(url, { onLeaseLost: (e) => lost.push(e) });
    // The old active is paused past its TTL (its clock never renews); the standby takes over.
    const standby = await open(url, { onStandby: () => {} });
    expect(standby.fencingToken).toBeGreaterThan(old.fencingToken);
    // Awake again, the old active still believes it leads and journals a request to send.
    old.insertRequests([sampleOpenRecord(1)]);
    await expect(old.pendingCommit()).rejects.toThrow(/stale fencing token/);
    expect(old.writeFailure).toBeInstanceOf(JournalError);
    expect(lost).toHaveLength(1);
    expect(await sql(url, 'SELECT client_request_id FROM perpflow_requests')).toEqual([]);
    // The new holder's commits go through.
    standby.insertRequests([sampleOpenRecord(2)]);
    await standby.pendingCommit();
    expect(await sql(url, 'SELECT client_request_id FROM perpflow_requests')).toEqual([
      { client_request_id: 'cr_2' },
    ]);
  });

  it('raises the fencing token at every take-over, after a release as after a crash', async () => {
    const url = await server.freshDatabase();
    const a = await open(url);
    a.abandon();
    const b = await open(url, { onStandby: () => {} });
    b.close();
    const c = await open(url, { onStandby: () => {} });
    expect([a.fencingToken, b.fencingToken, c.fencingToken]).toEqual([1, 2, 3]);
  });

  it('refuses to start beside a live holder when not asked to wait, naming it', async () => {
    const url = await server.freshDatabase();
    await open(url, { leaseTtlMs: 60_000 });
    await expect(open(url, { leaseTtlMs: 60_000 })).rejects.toThrow(
      new RegExp(`pid ${process.pid} on .* holds the journal lease for ${SCOPE}`),
    );
  });
});

describe('PostgreSQL journal: the operator beside the active', () => {
  it('a halt written by `perpflow halt` reaches the active at its next renewal, and dataVersion moves', async () => {
    const url = await server.freshDatabase();
    const clock = new VirtualClock();
    const j = await open(url, { clock, renewMs: 50 });
    const before = j.dataVersion();
    const done = await changePgJournalMeta(url, { set: { tradingState: 'halted' } });
    expect(done.holder?.pid).toBe(process.pid);
    const real = new SystemClock();
    for (let i = 0; i < 200 && j.getMeta('tradingState') !== 'halted'; i++) {
      clock.advanceSync(50);
      await real.sleep(5);
    }
    expect(j.getMeta('tradingState')).toBe('halted');
    expect(j.dataVersion()).toBeGreaterThan(before);
  });
});

describe('PostgreSQL journal: schema and secrets', () => {
  it('refuses a database migrated by a newer perpflow, with both versions in the message', async () => {
    const url = await server.freshDatabase();
    (await open(url)).close();
    await sql(url, 'INSERT INTO perpflow_schema(version) VALUES (99)');
    await expect(open(url)).rejects.toThrow(
      /schema version 99, newer than this perpflow knows \(3\).*upgrade perpflow/,
    );
  });

  it('applies each migration once: a second start on a migrated database changes nothing', async () => {
    const url = await server.freshDatabase();
    const a = await open(url);
    a.setMeta('k', 'v');
    await a.pendingCommit();
    a.close();
    const b = await open(url, { onStandby: () => {} });
    expect(b.getMeta('k')).toBe('v');
    expect(await sql(url, 'SELECT version FROM perpflow_schema')).toEqual([
      { version: 1 },
      { version: 2 },
      { version: 3 },
    ]);
  });

  it("migrates a version-1 database and keeps a dry run's paper account per lease scope, committed with the journal", async () => {
    const url = await server.freshDatabase();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await migrate(c, 'test', MIGRATIONS.slice(0, 1));
    } finally {
      await c.end();
    }
    const a = await open(url);
    // A dry run keeps its paper account in this store, not in a file named after the URL.
    expect(paperAccountOf(a)).toBe(a.paperAccount);
    expect(a.paperAccount.read()).toBeUndefined();
    a.paperAccount.write('{"version":1}');
    await a.pendingCommit();
    a.close();
    const b = await open(url, { onStandby: () => {} });
    expect(b.paperAccount.read()).toBe('{"version":1}');
    expect(b.paperAccount.where).toMatch(/\(paper account of venue:test:0xsub\)$/);
    const other = await open(url, { scope: 'venue:test:0xother' });
    expect(other.paperAccount.read()).toBeUndefined();
    expect(await sql(url, 'SELECT version FROM perpflow_schema ORDER BY version')).toEqual([
      { version: 1 },
      { version: 2 },
      { version: 3 },
    ]);
  });

  it('never shows the password of the URL: not in the journal path, not in a connection error', async () => {
    const url = await server.freshDatabase();
    const withPassword = new URL(url);
    const j = await open(url);
    expect(j.path).not.toContain(withPassword.password);
    expect(j.path).toContain(withPassword.host);
    const nowhere = 'postgres://trader:hunter2-secret-pw@127.0.0.1:1/perpflow';
    const e = await open(nowhere).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(JournalError);
    expect(String((e as Error).message)).toMatch(/cannot open journal postgres:\/\/127\.0\.0\.1:1\/perpflow/);
    expect(JSON.stringify(e)).not.toContain('hunter2');
    expect(String((e as Error).message)).not.toContain('hunter2');
  });
});

describe('PostgreSQL journal: an outage at start', () => {
  it('a starting instance told to wait tries again until the database answers, then opens', async () => {
    const direct = new URL(await server.freshDatabase());
    // A port nobody listens on yet: the database is out of reach until the relay opens there.
    const hole = createServer();
    await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve));
    const address = hole.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    await new Promise<void>((resolve) => hole.close(() => resolve()));
    const url = new URL(direct);
    url.port = String(port);
    let tries = 0;
    let relay: Server | undefined;
    const opening = open(url.toString(), {
      onStandby: () => {},
      onUnreachable: () => {
        if (++tries === 2)
          relay = createServer((c) => {
            const up = connect(Number(direct.port), '127.0.0.1');
            c.on('error', () => undefined)
              .pipe(up.on('error', () => undefined))
              .pipe(c);
          }).listen(port, '127.0.0.1');
      },
    });
    try {
      const j = await opening;
      expect(tries).toBeGreaterThanOrEqual(2);
      expect(j.leaseHeld).toBe(SCOPE);
      j.abandon();
    } finally {
      relay?.close();
    }
  });

  it('a database that answers with a refusal (a wrong password) fails the start at once', async () => {
    const url = new URL(await server.freshDatabase());
    url.password = 'not-the-password';
    let tries = 0;
    await expect(open(url.toString(), { onStandby: () => {}, onUnreachable: () => tries++ })).rejects.toThrow(
      /cannot open journal .*password authentication failed/,
    );
    expect(tries).toBe(0);
  });
});

describe('PostgreSQL journal: an orderly close', () => {
  it('resolves once its last commit landed and the lease is released: a new instance opens at once, not after the TTL', async () => {
    const url = await server.freshDatabase();
    const others =
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()';
    const sessions = async () => (await sql<{ n: number }>(url, others))[0]?.n ?? -1;
    const before = await sessions();
    const a = await open(url, { leaseTtlMs: 60_000 });
    a.insertRequests([sampleOpenRecord(1)]);
    const closing = a.close();
    expect(a.close()).toBe(closing);
    await closing;
    // Its pool ended: no session of its own is left on the server (a backend ends just after its client).
    let left = -1;
    for (let i = 0; i < 100 && left !== before; i++) {
      if (i > 0) await new SystemClock().sleep(20);
      left = await sessions();
    }
    expect(left).toBe(before);
    expect([a.isClosed, a.leaseHeld]).toEqual([true, undefined]);
    expect(() => a.insertRequests([sampleOpenRecord(2)])).toThrow(
      `journal ${a.path} is closed; cannot insert requests`,
    );
    const b = await open(url, { leaseTtlMs: 60_000 });
    expect(b.fencingToken).toBe(a.fencingToken + 1);
    expect(b.all().map((r) => r.clientRequestId)).toEqual(['cr_1']);
  });

  it('after a failed write releases nothing: the lease is left to expire', async () => {
    const url = await server.freshDatabase();
    const a = await open(url, { leaseTtlMs: 60_000 });
    a.insertRequests([sampleOpenRecord(1)]);
    await a.pendingCommit();
    expect(() => a.insertRequests([sampleOpenRecord(1)])).toThrow(JournalError);
    await a.close();
    await expect(open(url, { leaseTtlMs: 60_000 })).rejects.toThrow(
      new RegExp(`pid ${process.pid} on .* holds the journal lease for ${SCOPE}`),
    );
  });

  it('after a crash resolves at once', async () => {
    const url = await server.freshDatabase();
    const a = await open(url);
    a.abandon();
    await expect(a.close()).resolves.toBeUndefined();
  });
});
