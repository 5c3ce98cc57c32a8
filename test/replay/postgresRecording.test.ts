import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { openPostgresJournal } from '../../src/journal/postgres/openPostgresJournal.ts';
import type { PostgresJournal } from '../../src/journal/postgres/PostgresJournal.ts';
import { claimPgLease } from '../../src/journal/postgres/pgLease.ts';
import { PgRecordSink } from '../../src/kernel/record/pg/PgRecordSink.ts';
import { listPgRecording, readPgRecording } from '../../src/kernel/record/pg/readPgRecording.ts';
import { type PgServer, startPostgres } from '../journal/pgServer.ts';

let server: PgServer;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
});

const opened: PostgresJournal[] = [];
const sinks: PgRecordSink[] = [];
afterEach(async () => {
  for (const j of opened.splice(0)) j.abandon();
  for (const s of sinks.splice(0)) await s.close();
});

const SCOPE = 'venue:test:0xsub';
const T0 = Date.UTC(2026, 10, 28, 23, 59, 50);
const header = (t: number, cont = false) =>
  JSON.stringify({ k: 'h', v: 1, t, mode: 'sim', eph: false, ...(cont ? { cont: true } : {}) });
const line = (t: number) => JSON.stringify({ k: 'j', t, n: `job-${t}` });
const poll = (t: number) => JSON.stringify({ k: 'p', t, d: 0, r: [['BTCUSDT', '95000', t]] });

/** The journal of `url` under the lease of SCOPE, and a recording sink appending under its token. */
async function recordingOn(url: string, clock: VirtualClock, maxBytes = 1 << 20, scope = SCOPE) {
  const journal = await openPostgresJournal({ url, clock, scope, leaseTtlMs: 300, renewMs: 50 });
  opened.push(journal);
  const failures: unknown[] = [];
  const sink = new PgRecordSink(
    { url, where: 'db', onFailure: (e) => failures.push(e) },
    clock,
    maxBytes,
    () => [header(T0, true)],
  );
  sinks.push(sink);
  sink.append(header(T0));
  sink.open({ scope, token: journal.fencingToken });
  return { journal, sink, failures };
}

async function rows<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text)).rows;
  } finally {
    await c.end();
  }
}

const call = (t: number) => JSON.stringify({ k: 'c', t, d: 0, r: { ok: true } });

/** Runs `check` until it holds, 2 s at most (a batch goes off the hot path, in real time). */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  const clock = new SystemClock();
  const until = clock.now() + 2_000;
  while (clock.now() < until) {
    if (await check()) return true;
    await clock.sleep(20);
  }
  return check();
}

const times = async (url: string) => (await readPgRecording(url)).map((run) => run.lines.map((l) => l.t));

describe('a recording in PostgreSQL', () => {
  it('sends price polls a second at a time, a decision at the end of its turn with what waits before it', async () => {
    const url = await server.freshDatabase();
    const clock = new VirtualClock(T0);
    const { sink } = await recordingOn(url, clock);
    const batches = async () => (await rows(url, 'SELECT seq FROM perpflow_recording')).length;
    const turns = async () => {
      for (let i = 0; i < 20; i++) await new Promise<void>((r) => setImmediate(r));
      await new SystemClock().sleep(50);
    };
    await turns();
    expect(await batches()).toBe(1); // the header, sent as the journal was taken
    sink.append(poll(T0 + 1));
    await clock.advanceTo(T0 + 999);
    sink.append(poll(T0 + 999));
    await turns();
    expect(await batches()).toBe(1); // under a second old: they wait
    await clock.advanceTo(T0 + 1_000);
    sink.append(poll(T0 + 1_000));
    await turns();
    expect(await batches()).toBe(2); // the three, as one batch
    sink.append(poll(T0 + 1_001));
    sink.append(line(T0 + 1_002)); // a schedule fire: not kept waiting
    await turns();
    expect(await batches()).toBe(3);
    sink.append(poll(T0 + 1_003));
    await sink.settled(); // a stop: sent whatever its age
    expect(await batches()).toBe(4);
    expect(await times(url)).toEqual([[T0 + 1, T0 + 999, T0 + 1_000, T0 + 1_001, T0 + 1_002, T0 + 1_003]]);
  });

  it('sends at once when asked (settled, close), and reads back line for line', async () => {
    const url = await server.freshDatabase();
    const clock = new VirtualClock(T0);
    const { sink } = await recordingOn(url, clock);
    for (let t = T0 + 1; t <= T0 + 3; t++) sink.append(line(t));
    await sink.settled();
    sink.append(line(T0 + 4));
    await sink.settled();
    expect(await times(url)).toEqual([[T0 + 1, T0 + 2, T0 + 3, T0 + 4]]);
    // The header (its batch sent at open), the three lines of one turn, the fourth line.
    const batches = await rows<{ seq: number }>(url, 'SELECT seq FROM perpflow_recording ORDER BY seq');
    expect(batches.map((b) => b.seq)).toEqual([0, 1, 2]);
  });

  it('begins a segment past maxBytes, each with the header: one run all the same', async () => {
    const url = await server.freshDatabase();
    const clock = new VirtualClock(T0);
    const { sink } = await recordingOn(url, clock, 1);
    sink.append(line(T0 + 1));
    await sink.settled();
    sink.append(line(T0 + 2));
    await sink.settled();
    const segments = await listPgRecording(url);
    expect(segments.length).toBe(3); // the header's batch, then one a batch: each past 1 byte
    expect(await times(url)).toEqual([[T0 + 1, T0 + 2]]);
    const last = await readPgRecording(url, { segment: segments[2]?.segment ?? '' });
    expect(last.map((r) => r.lines.map((l) => l.t))).toEqual([[T0 + 2]]);
  });

  it('begins a segment at each UTC day, named so that names sort in time order', async () => {
    const url = await server.freshDatabase();
    const clock = new VirtualClock(T0);
    const { sink } = await recordingOn(url, clock);
    sink.append(line(T0 + 1));
    await sink.settled();
    await clock.advanceTo(T0 + 5_000); // later the same day: the same segment
    sink.append(line(T0 + 5_000));
    await sink.settled();
    await clock.advanceTo(T0 + 20_000); // the next UTC day
    sink.append(line(T0 + 20_000));
    await sink.settled();
    const segments = (await listPgRecording(url)).map((s) => s.segment);
    expect(segments).toEqual(['2026-11-28T23-59-50-000Z.t1', '2026-11-29T00-00-10-000Z.t1']);
    expect(await times(url)).toEqual([[T0 + 1, T0 + 5_000, T0 + 20_000]]);
  });

  it('refuses the appends of an instance fenced off: a standby took the lease', async () => {
    const url = await server.freshDatabase();
    const clock = new VirtualClock(T0);
    const { journal, sink, failures } = await recordingOn(url, clock);
    sink.append(line(T0 + 1));
    await sink.settled();
    await new SystemClock().sleep(400); // the lease (300 ms, never renewed on this clock) expires
    const pool = new pg.Pool({ connectionString: url });
    const claim = await claimPgLease(pool, SCOPE, 'the-standby', 300);
    await pool.end();
    expect(claim.held && Number(claim.token)).toBe(journal.fencingToken + 1);
    sink.append(line(T0 + 2));
    await sink.settled();
    sink.append(line(T0 + 3));
    await sink.settled();
    // Said once (the run warns of it); the appends after it are dropped, not tried.
    expect(failures).toEqual([expect.objectContaining({ code: 'PF001' })]);
    expect(await times(url)).toEqual([[T0 + 1]]);
  });

  it('a last batch that never landed (the process killed): read up to the last whole one', async () => {
    const url = await server.freshDatabase();
    const clock = new VirtualClock(T0);
    const { sink } = await recordingOn(url, clock);
    for (let t = T0 + 1; t <= T0 + 4; t++) {
      sink.append(line(t));
      await sink.settled();
    }
    // Killed: the stream has no end, and its last INSERT never committed.
    await rows(url, 'DELETE FROM perpflow_recording WHERE seq = 4');
    expect(await times(url)).toEqual([[T0 + 1, T0 + 2, T0 + 3]]);
    // A batch lost in the middle: what follows it cannot be read (the stream needs it), what precedes it can.
    await rows(url, 'DELETE FROM perpflow_recording WHERE seq = 2');
    expect(await times(url)).toEqual([[T0 + 1]]);
  });

  it('keeps a venue answer waiting as a price poll, and sends a decision appended while a batch is in flight once it lands', async () => {
    const url = await server.freshDatabase();
    const clock = new VirtualClock(T0);
    const { sink } = await recordingOn(url, clock);
    await sink.settled();
    const batches = async () => (await rows(url, 'SELECT seq FROM perpflow_recording')).length;
    sink.append(call(T0));
    for (let i = 0; i < 20; i++) await new Promise<void>((r) => setImmediate(r));
    expect(await batches()).toBe(1); // the header alone: the answer waits
    sink.append(line(T0 + 1));
    await new Promise<void>((r) => setImmediate(r)); // its batch is in flight
    sink.append(line(T0 + 2));
    // No stop asks for it: the second goes when the first lands.
    expect(await eventually(async () => (await batches()) === 3)).toBe(true);
    expect(await times(url)).toEqual([[T0, T0 + 1, T0 + 2]]);
  });

  it('sends lines appended before open, even a turn before, and nothing once closed', async () => {
    const url = await server.freshDatabase();
    const clock = new VirtualClock(T0);
    const journal = await openPostgresJournal({ url, clock, scope: SCOPE, leaseTtlMs: 300, renewMs: 50 });
    opened.push(journal);
    const sink = new PgRecordSink({ url, where: 'db' }, clock, 1 << 20);
    sinks.push(sink);
    sink.append(header(T0));
    sink.append(line(T0 + 1));
    for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
    sink.open({ scope: SCOPE, token: journal.fencingToken });
    await sink.close();
    sink.open({ scope: SCOPE, token: journal.fencingToken });
    sink.append(line(T0 + 2));
    await sink.settled();
    await sink.close();
    expect(await times(url)).toEqual([[T0 + 1]]);
    expect((await rows(url, 'SELECT seq FROM perpflow_recording')).length).toBe(1);
  });

  it('a sink never opened (a start refused) settles and closes at once, sending nothing', async () => {
    const sink = new PgRecordSink(
      { url: 'postgres://perpflow@127.0.0.1:1/none', where: 'db' },
      new VirtualClock(T0),
      1 << 20,
    );
    sink.append(line(T0 + 1));
    await sink.settled();
    await sink.close();
  });

  it('a failed append ends its segment; the next batch begins another, with the header, and the run reads on', async () => {
    const url = await server.freshDatabase();
    const clock = new VirtualClock(T0);
    const { sink, failures } = await recordingOn(url, clock);
    sink.append(line(T0 + 1));
    await sink.settled();
    await rows(url, 'ALTER FUNCTION perpflow_record RENAME TO perpflow_record_away');
    sink.append(line(T0 + 2)); // lost: the database refuses it
    await sink.settled();
    await rows(url, 'ALTER FUNCTION perpflow_record_away RENAME TO perpflow_record');
    sink.append(line(T0 + 3));
    await sink.settled();
    sink.append(line(T0 + 4));
    await sink.settled();
    expect(failures).toHaveLength(1);
    expect((await listPgRecording(url)).map((s) => s.batches)).toEqual([2, 2]);
    expect(await times(url)).toEqual([[T0 + 1, T0 + 3, T0 + 4]]);
  });

  it('reads the one scope recorded, or the one named; refuses a scope, a segment or a recording it does not hold', async () => {
    const url = await server.freshDatabase();
    const clock = new VirtualClock(T0);
    const a = await recordingOn(url, clock, 1 << 20, 'venue:test:0xa');
    await a.sink.settled();
    await expect(readPgRecording(url, { scope: 'venue:test:0xa' })).resolves.toHaveLength(1);
    await expect(readPgRecording(url, { scope: 'venue:test:0xa', segment: 'nope' })).rejects.toThrow(
      'no segment nope of venue:test:0xa in ',
    );
    await expect(readPgRecording(url, { scope: 'venue:test:0xz' })).rejects.toThrow(
      'no recording of scope venue:test:0xz in ',
    );
    const b = await recordingOn(url, clock, 1 << 20, 'venue:test:0xb');
    b.sink.append(line(T0 + 7));
    await b.sink.settled();
    await expect(readPgRecording(url)).rejects.toThrow(
      'holds the recordings of venue:test:0xa, venue:test:0xb: say which with --scope',
    );
    expect(
      (await readPgRecording(url, { scope: 'venue:test:0xb' })).map((r) => r.lines.map((l) => l.t)),
    ).toEqual([[T0 + 7]]);
    const empty = await server.freshDatabase();
    opened.push(await openPostgresJournal({ url: empty, clock, scope: SCOPE, leaseTtlMs: 300, renewMs: 50 }));
    await expect(readPgRecording(empty)).rejects.toThrow(/^no recording in postgres:/);
  });

  it('names the database it cannot read, never its password', async () => {
    const read = readPgRecording('postgres://perpflow:s3cret-pw@127.0.0.1:1/rec');
    await expect(read).rejects.toThrow(/^cannot read the recording in postgres:\/\/127\.0\.0\.1:1\/rec: /);
    await expect(read).rejects.not.toThrow(/s3cret-pw/);
  });
});
