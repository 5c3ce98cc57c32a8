/**
 * node test/bench/journal.bench.ts — journal commits per second, PostgreSQL against SQLite.
 * The workload is the executor's: a group of intents accepted in one turn is journaled by one
 * `insertRequests`, and nothing may be sent before `pendingCommit()` has resolved. Each row is one
 * group size; SQLite commits (and fsyncs, synchronous=FULL) inside the call, PostgreSQL (embedded,
 * fsync on, loopback, or DATABASE_URL) in one round trip per group. A last row writes 1,000
 * single-request groups in one turn: PostgreSQL's group commit makes them one commit.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monotonicStopwatch } from '../../src/clock/Stopwatch.ts';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import type { JournalPort } from '../../src/journal/JournalPort.ts';
import { openJournal } from '../../src/journal/openJournal.ts';
import { openPostgresJournal } from '../../src/journal/postgres/openPostgresJournal.ts';
import { sampleOpenRecord } from '../../src/journal/testRecord.ts';
import { startPostgres } from '../journal/pgServer.ts';

const SECONDS = 3;
let serial = 0;

/** Groups of `size` requests, each made durable before the next: what a busy bot does. */
async function waited(j: JournalPort, size: number): Promise<{ commits: number; requests: number }> {
  const end = monotonicStopwatch.elapsedMs() + SECONDS * 1000;
  let commits = 0;
  const t0 = monotonicStopwatch.elapsedMs();
  while (monotonicStopwatch.elapsedMs() < end) {
    j.insertRequests(Array.from({ length: size }, () => sampleOpenRecord(++serial)));
    await j.pendingCommit();
    commits++;
  }
  const s = (monotonicStopwatch.elapsedMs() - t0) / 1000;
  return { commits: commits / s, requests: (commits * size) / s };
}

/** 1,000 single-request writes in one turn, then one wait. */
async function oneTurn(j: JournalPort): Promise<{ commits: number; requests: number }> {
  const t0 = monotonicStopwatch.elapsedMs();
  let rounds = 0;
  while (monotonicStopwatch.elapsedMs() - t0 < SECONDS * 1000) {
    for (let i = 0; i < 1000; i++) j.insertRequests([sampleOpenRecord(++serial)]);
    await j.pendingCommit();
    rounds++;
  }
  const s = (monotonicStopwatch.elapsedMs() - t0) / 1000;
  return { commits: Number.NaN, requests: (rounds * 1000) / s };
}

const fmt = (n: number): string => (Number.isNaN(n) ? '—' : Math.round(n).toLocaleString('en-US'));

const pg = await startPostgres({ fsync: true });
try {
  const clock = new VirtualClock();
  const sqlite = openJournal({
    path: join(mkdtempSync(join(tmpdir(), 'pf-bench-')), 'j.sqlite'),
    clock,
  }).journal;
  const postgres = await openPostgresJournal({ url: await pg.freshDatabase(), clock, scope: 'bench' });
  const rows: string[][] = [];
  for (const size of [1, 10, 100]) {
    const a = await waited(sqlite, size);
    const b = await waited(postgres, size);
    rows.push([
      `${size} per group, waited`,
      fmt(a.commits),
      fmt(a.requests),
      fmt(b.commits),
      fmt(b.requests),
    ]);
  }
  const a = await oneTurn(sqlite);
  const b = await oneTurn(postgres);
  rows.push(['1,000 writes in one turn', '1,000 per wait', fmt(a.requests), '1 per wait', fmt(b.requests)]);
  process.stdout.write(
    `journal commits per second over ${SECONDS} s each (SQLite synchronous=FULL; PostgreSQL embedded, fsync on, loopback)\n`,
  );
  const head = [
    'workload',
    'SQLite commits/s',
    'SQLite requests/s',
    'PostgreSQL commits/s',
    'PostgreSQL requests/s',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  for (const r of [head, ...rows])
    process.stdout.write(
      `${r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ')}\n`,
    );
  sqlite.close();
  postgres.close();
  await postgres.pendingCommit();
} finally {
  await pg.stop();
}
