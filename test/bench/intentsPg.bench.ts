/**
 * node test/bench/intentsPg.bench.ts — intents per second end to end over HTTP with the
 * PostgreSQL journal, against the same with the SQLite journal, in one run (issue 24's goal:
 * ≥ 1,000/s with PostgreSQL, as with SQLite). The path is execution.bench.ts (c)'s
 * (support/intentsOverHttp.ts): executor, risk gate, journal, venue client over loopback HTTP to
 * the simulator in its own process, fills found by the RFQ status poller, until every request is
 * terminal and committed. SQLite with synchronous=FULL; PostgreSQL embedded with fsync on (or
 * DATABASE_URL), on loopback. Each run gets a fresh simulator and a fresh journal; the runs
 * alternate SQLite, PostgreSQL, PostgreSQL, SQLite… so load that comes and goes hits both.
 * BENCH_INTENTS (default 10,000) intents per run, BENCH_ROUNDS (default 2) pairs.
 */
import { spawnSimServer } from '../execution/fixtures/spawnSimServer.ts';
import { startPostgres } from '../journal/pgServer.ts';
import { postgresJournal, sqliteJournal } from './support/benchJournals.ts';
import { type IntentsRun, intentsOverHttp, type JournalUnderTest } from './support/intentsOverHttp.ts';

const N = Number(process.env.BENCH_INTENTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const GOAL = 1_000;

type Open = Parameters<typeof intentsOverHttp>[0]['open'];

async function onFreshSimulator(n: number, open: Open): Promise<IntentsRun> {
  // The simulator runs in its own process, as `perpflow sim` would: its CPU is not the bot's.
  const server = await spawnSimServer({ min: 20, max: 60 }, 3);
  try {
    return await intentsOverHttp({ url: server.url, n, open });
  } finally {
    await server.stop();
  }
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const fmt = (x: number, d = 0): string =>
  x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });

const pg = await startPostgres({ fsync: true });
try {
  const journals: Record<'SQLite' | 'PostgreSQL', (clock: Parameters<Open>[0]) => Promise<JournalUnderTest>> =
    {
      SQLite: sqliteJournal('FULL'),
      PostgreSQL: postgresJournal(() => pg.freshDatabase()),
    };
  // Warm-up, not counted: the JIT, both journals' code paths, the simulator's start.
  for (const open of Object.values(journals)) await onFreshSimulator(500, open);

  const order = Array.from({ length: ROUNDS }, (_, r) =>
    r % 2 === 0 ? (['SQLite', 'PostgreSQL'] as const) : (['PostgreSQL', 'SQLite'] as const),
  ).flat();
  const runs: { journal: keyof typeof journals; r: IntentsRun }[] = [];
  for (const journal of order) {
    const r = await onFreshSimulator(N, journals[journal]);
    runs.push({ journal, r });
    if (r.filled !== N) process.stdout.write(`  note: ${journal} run ${r.filled}/${N} FILLED\n`);
  }

  const head = [
    'journal',
    'intents/s',
    'seconds',
    'commits',
    'intents/commit',
    'in commits s',
    'bot CPU s',
    'sim+db CPU s',
  ];
  const rows = runs.map(({ journal, r }) => [
    journal,
    fmt(r.intentsPerSecond),
    fmt(r.seconds, 2),
    fmt(r.commits),
    fmt(N / r.commits, 1),
    fmt(r.commitMs / 1000, 2),
    fmt(r.cpuMs / 1000, 2),
    fmt(r.othersCpuMs / 1000, 2),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  process.stdout.write(
    `${N} intents end to end over loopback HTTP, per run (SQLite synchronous=FULL; PostgreSQL fsync on, ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded'})\n`,
  );
  for (const r of [head, ...rows])
    process.stdout.write(
      `${r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ')}\n`,
    );
  const of = (j: keyof typeof journals) =>
    median(runs.filter((x) => x.journal === j).map((x) => x.r.intentsPerSecond));
  const sqlite = of('SQLite');
  const postgres = of('PostgreSQL');
  process.stdout.write(
    `median intents/s: PostgreSQL ${fmt(postgres)}, SQLite ${fmt(sqlite)}, ratio ${fmt(postgres / sqlite, 2)}; goal ≥ ${fmt(GOAL)} with PostgreSQL: ${postgres >= GOAL ? 'met' : `missed by ${fmt(GOAL - postgres)}/s`}\n`,
  );
} finally {
  await pg.stop();
}
