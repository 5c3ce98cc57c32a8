/**
 * The end-to-end intents/s measure shared by execution.bench.ts (c) and intentsPg.bench.ts:
 * strategy-shaped intents submitted to the Executor (risk gate → journal → batcher → venue client
 * over loopback HTTP → simulator → RFQ status poller), timed from the first submit until every
 * request is terminal and its last state is committed. Whichever journal the caller opens.
 */

import type { Subject } from 'rxjs';
import type { Clock } from '../../../src/clock/Clock.ts';
import { SystemClock } from '../../../src/clock/SystemClock.ts';
import { Executor } from '../../../src/execution/Executor.ts';
import type { ExecutionEvent } from '../../../src/execution/events.ts';
import type { JournalPort } from '../../../src/journal/JournalPort.ts';
import { bootstrapAccount } from '../../../src/simulator/testing/bootstrapAccount.ts';
import { createVenueClient } from '../../../src/venue/createVenueClient.ts';
import type { VenuePort } from '../../../src/venue/VenuePort.ts';
import { benchIntent } from './benchIntent.ts';
import { descendantsCpuMs } from './treeCpu.ts';

/** The venue's request budget opened wide: the figure measures perpflow, not a rate limit. */
const WIDE = { ratePerSecond: 1_000_000, burst: 1_000_000 };
/** A strategy emits its intents in bursts; each burst is journaled in one group commit. */
const BURST = 100;

export interface JournalUnderTest {
  readonly journal: JournalPort;
  /** Commits (transactions that reached the disk or the database) made so far. */
  commits(): number;
  /**
   * Wall milliseconds spent in commits so far: SQLite's block the event loop (fsync included);
   * PostgreSQL's are round trips in flight while the loop runs on, and may overlap.
   */
  commitMs(): number;
  /** Closes the journal once its last commit has landed, and removes what it wrote. */
  close(): Promise<void>;
}

export interface IntentsRun {
  readonly intentsPerSecond: number;
  readonly seconds: number;
  readonly filled: number;
  readonly commits: number;
  readonly commitMs: number;
  /** This process's CPU (user + system, every thread) over the timed part. */
  readonly cpuMs: number;
  /** The simulator's and the database server's processes (children of this one), same span. */
  readonly othersCpuMs: number;
}

/**
 * `n` intents (numbered from `first`, so runs on one simulator do not collide) through a fresh
 * account on the simulator at `url`, journaled in what `open` returns.
 */
export async function intentsOverHttp(o: {
  readonly url: string;
  readonly n: number;
  readonly first?: number;
  readonly open: (clock: Clock) => Promise<JournalUnderTest>;
  /** Wraps the venue and hears the events (a session recording, recording.bench.ts). */
  readonly tap?: (clock: Clock) => {
    readonly venue: (v: VenuePort) => VenuePort;
    readonly events: Subject<ExecutionEvent>;
    /** Resolves once what it heard so far is written (the start's reconciliation: before the timing). */
    settled?(): Promise<void>;
    close(): Promise<void>;
  };
}): Promise<IntentsRun> {
  const clock = new SystemClock();
  const acc = await bootstrapAccount(fetch, { baseUrl: o.url, collateral: 1_000_000_000 });
  const venue = createVenueClient({
    baseUrl: o.url,
    apiKey: acc.apiKey,
    subaccount: acc.subaccount,
    clock,
    budget: WIDE,
    timeoutMs: 60_000,
  });
  const under = await o.open(clock);
  const tap = o.tap?.(clock);
  const ex = await Executor.start({
    venue: tap === undefined ? venue : tap.venue(venue),
    journal: under.journal,
    clock,
    execution: {},
    ...(tap === undefined ? {} : { events: tap.events }),
  });
  await tap?.settled?.();
  const first = o.first ?? 0;
  const commits0 = under.commits();
  const commitMs0 = under.commitMs();
  const cpu0 = process.cpuUsage();
  const others0 = descendantsCpuMs();
  const t0 = performance.now();
  for (let i = 0; i < o.n; i += BURST) {
    const size = Math.min(BURST, o.n - i);
    await Promise.all(Array.from({ length: size }, (_, k) => ex.submit(benchIntent(first + i + k))));
    await new Promise((r) => setImmediate(r));
  }
  while (!ex.isIdle()) await clock.sleep(5);
  await under.journal.pendingCommit();
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const othersCpuMs = descendantsCpuMs() - others0;
  const commits = under.commits() - commits0;
  const commitMs = under.commitMs() - commitMs0;
  const filled = ex.journal.all().filter((r) => r.status === 'FILLED').length;
  await ex.stop();
  await tap?.close();
  await under.close();
  return {
    intentsPerSecond: o.n / seconds,
    seconds,
    filled,
    commits,
    commitMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    othersCpuMs,
  };
}
