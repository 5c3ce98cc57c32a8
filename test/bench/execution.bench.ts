/**
 * node test/bench/execution.bench.ts — the execution core, each figure beside a baseline:
 *  (a) status polls per filled request at ~0.3 s and ~2 s fill latency (VirtualClock), against
 *      a fixed-interval poller;
 *  (b) submit calls per intent for bursts of N = 1, 5, 20, 100 with batching, against no batching;
 *  (c) 10,000 intents end to end against the HTTP simulator (SystemClock, journal on disk),
 *      against bare fetch of the same batch bodies with no journal and no tracking; with the
 *      journal's group commit (as the kernel opens it) and without (a commit per write).
 * The venue client's request budget is opened wide here: the figures measure perpflow, not the
 * venue's rate limit.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../src/clock/Clock.ts';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import type { TempId } from '../../src/domain/ids.ts';
import { isTerminalVenueStatus } from '../../src/domain/venueStatus.ts';
import { Executor } from '../../src/execution/Executor.ts';
import type { ExecutionOptionsInput } from '../../src/execution/options.ts';
import { openJournal } from '../../src/journal/openJournal.ts';
import { createSimulator } from '../../src/simulator/createSimulator.ts';
import { manualPrices } from '../../src/simulator/prices/PriceSource.ts';
import { bootstrapAccount } from '../../src/simulator/testing/bootstrapAccount.ts';
import { createVenueClient } from '../../src/venue/createVenueClient.ts';
import { IN_PROCESS_BASE_URL } from '../../src/venue/http/baseUrl.ts';
import type { VenueFetch } from '../../src/venue/transport.ts';
import type { VenuePort } from '../../src/venue/VenuePort.ts';
import { spawnSimServer } from '../execution/fixtures/spawnSimServer.ts';
import { benchIntent as intent } from './support/benchIntent.ts';
import { sqliteJournal } from './support/benchJournals.ts';
import { intentsOverHttp } from './support/intentsOverHttp.ts';

const WIDE = { ratePerSecond: 1_000_000, burst: 1_000_000 };
const tmp = (): string => join(mkdtempSync(join(tmpdir(), 'pf-bench-')), 'journal.sqlite');

/** The real client with each status poll counted per tempId. */
function counting(venue: VenuePort, polls: Map<string, number>): VenuePort {
  return new Proxy(venue, {
    get(target, prop, receiver) {
      if (prop === 'requestStatus')
        return (kind: never, id: TempId) => {
          polls.set(id, (polls.get(id) ?? 0) + 1);
          return target.requestStatus(kind, id);
        };
      const v = Reflect.get(target, prop, receiver) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

async function virtualVenue(
  clock: VirtualClock,
  latency: { min: number; max: number },
  fetchOverride?: VenueFetch,
) {
  const sim = createSimulator({ clock, seed: 7, fillLatencyMs: latency, prices: manualPrices() });
  const acc = await bootstrapAccount(sim.fetch, { baseUrl: IN_PROCESS_BASE_URL, collateral: 100_000_000 });
  const venue = createVenueClient({
    baseUrl: IN_PROCESS_BASE_URL,
    apiKey: acc.apiKey,
    subaccount: acc.subaccount,
    fetch: fetchOverride ?? sim.fetch,
    clock,
    budget: WIDE,
  });
  return { sim, venue };
}

async function startOn(
  venue: VenuePort,
  clock: Clock,
  path: string,
  execution?: ExecutionOptionsInput,
  sync?: 'FULL' | 'NORMAL',
) {
  const { journal } = openJournal({ path, clock, synchronous: sync ?? 'FULL' });
  return Executor.start({ venue, journal, clock, ...(execution ? { execution } : {}) });
}

function stats(xs: number[]): { mean: number; p99: number } {
  const s = [...xs].sort((a, b) => a - b);
  return {
    mean: s.reduce((a, b) => a + b, 0) / s.length,
    p99: s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? 0,
  };
}

// (a) ------------------------------------------------------------------------------------------
async function pollsPerFill(
  median: number,
): Promise<{ ours: { mean: number; p99: number }; base: { mean: number; p99: number } }> {
  const n = 300;
  const latency = { min: Math.round(median * 0.6), max: Math.round(median * 1.4) };
  const clock = new VirtualClock();
  const { venue } = await virtualVenue(clock, latency);
  const polls = new Map<string, number>();
  const ex = await startOn(counting(venue, polls), clock, tmp(), undefined, 'NORMAL');
  for (let i = 0; i < n; i++) {
    await ex.submit(intent(i));
    await clock.advance(50);
  }
  await clock.runUntil(() => ex.isIdle(), 3_600_000);
  const filled = ex.journal.all().filter((r) => r.status === 'FILLED' && r.tempId);
  const ours = stats(filled.map((r) => polls.get(r.tempId as string) ?? 0));
  await ex.stop();
  ex.journal.close();
  // Baseline: a poller at a fixed 250 ms, the interval that gives a similar detection delay.
  const clock2 = new VirtualClock();
  const { venue: v2 } = await virtualVenue(clock2, latency);
  const counts: number[] = [];
  const loops: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const it = intent(i);
    const ack = await v2.openPosition({
      symbol: it.symbol,
      side: it.side,
      quantity: it.quantity,
      leverage: 5,
      orderType: 'MARKET',
    });
    loops.push(
      (async () => {
        let c = 0;
        for (;;) {
          await clock2.sleep(250);
          c++;
          const rep = await v2.requestStatus('open', ack.tempId);
          if (rep && isTerminalVenueStatus('open', rep.status)) break;
        }
        counts.push(c);
      })(),
    );
    await clock2.advance(50);
  }
  await clock2.runUntil(() => counts.length === n, 3_600_000);
  await Promise.all(loops);
  return { ours, base: stats(counts) };
}

// (b) ------------------------------------------------------------------------------------------
async function burst(n: number, batching: boolean): Promise<number> {
  const clock = new VirtualClock();
  const { venue } = await virtualVenue(clock, { min: 300, max: 300 });
  const ex = await startOn(venue, clock, tmp(), batching ? {} : { maxBatchSize: 1 }, 'NORMAL');
  let calls = 0;
  ex.events$.subscribe((e) => {
    if (e.type === 'venueCall') calls++;
  });
  await Promise.all(Array.from({ length: n }, (_, i) => ex.submit(intent(i))));
  await clock.runUntil(() => ex.isIdle(), 600_000);
  const perIntent = calls / n;
  await ex.stop();
  ex.journal.close();
  return perIntent;
}

// (c) ------------------------------------------------------------------------------------------
async function endToEnd(
  n: number,
  sync: 'FULL' | 'NORMAL',
  groupCommit: boolean,
): Promise<{ ours: number; base: number; commits: number }> {
  // The simulator runs in its own process, as `perpflow sim` would: its CPU is not ours.
  const server = await spawnSimServer({ min: 20, max: 60 }, 3);
  try {
    const run = await intentsOverHttp({ url: server.url, n, open: sqliteJournal(sync, groupCommit) });
    const ours = run.intentsPerSecond;
    if (run.filled !== n) process.stdout.write(`  note: ${run.filled}/${n} FILLED\n`);
    const acc = await bootstrapAccount(fetch, { baseUrl: server.url, collateral: 1_000_000_000 });
    // Baseline: the same batch bodies, bare fetch, 16 in flight, no journal and no tracking.
    const bodies: string[] = [];
    for (let b = 0; b < n; b += 20) {
      const items = Array.from({ length: Math.min(20, n - b) }, (_, k) => {
        const it = intent(n + b + k);
        const marketId = it.symbol === 'BTCUSDT' ? 1 : it.symbol === 'ETHUSDT' ? 2 : 3;
        return {
          marketId,
          positionType: it.side,
          orderType: 'MARKET',
          quantity: Number(it.quantity),
          leverage: 5,
        };
      });
      bodies.push(JSON.stringify({ chainId: 42161, subaccountAddress: acc.subaccount, items }));
    }
    const t1 = performance.now();
    let next = 0;
    let ok = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++] as string;
          const res = await fetch(`${server.url}/v1/trade/batch-create-positions`, {
            method: 'POST',
            headers: { 'x-api-key': acc.apiKey, 'content-type': 'application/json' },
            body,
          });
          if (res.status === 201) ok++;
          await res.text();
        }
      }),
    );
    if (ok !== bodies.length)
      process.stdout.write(`  note: baseline ${ok}/${bodies.length} batches accepted\n`);
    const base = n / ((performance.now() - t1) / 1000);
    return { ours, base, commits: run.commits };
  } finally {
    await server.stop();
  }
}

const f = (x: number, d = 2): string => x.toFixed(d);
const rows: string[][] = [['measure', 'perpflow', 'baseline', 'ratio', 'goal']];
for (const median of [300, 2000]) {
  const r = await pollsPerFill(median);
  rows.push([
    `(a) polls/fill @${median} ms, mean`,
    f(r.ours.mean),
    f(r.base.mean),
    f(r.ours.mean / r.base.mean),
    median === 300 ? '≤ 2' : '≤ 6',
  ]);
  rows.push([
    `(a) polls/fill @${median} ms, p99`,
    f(r.ours.p99, 0),
    f(r.base.p99, 0),
    f(r.ours.p99 / r.base.p99),
    '',
  ]);
}
for (const n of [1, 5, 20, 100]) {
  const ours = await burst(n, true);
  const base = await burst(n, false);
  rows.push([
    `(b) submit calls/intent, N=${n}`,
    f(ours, 3),
    f(base, 3),
    f(ours / base, 3),
    `≤ ${f(1 / Math.min(n, 20), 3)}`,
  ]);
}
const N = Number(process.env.BENCH_INTENTS ?? 10_000);
// With group commit (as the kernel opens the journal) and, as the same run's baseline, a commit per write.
const e2e: readonly (readonly ['FULL' | 'NORMAL', boolean])[] = [
  ['FULL', true],
  ['FULL', false],
  ['NORMAL', true],
];
for (const [sync, group] of e2e) {
  const r = await endToEnd(N, sync, group);
  rows.push([
    `(c) ${N} intents e2e HTTP, intents/s (sync ${sync}, ${group ? 'group commit' : 'a commit per write'}; ${r.commits} commits)`,
    f(r.ours, 0),
    f(r.base, 0),
    f(r.ours / r.base),
    '≥ 1000',
  ]);
}
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
for (const r of rows) process.stdout.write(`${r.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join('  ')}\n`);
