import { runSeed, type SeedResult } from './chaosSeed.ts';

export interface RangeSummary {
  readonly seeds: number;
  readonly failed: readonly SeedResult[];
  readonly crashes: Readonly<Record<string, number>>;
  readonly outcomes: Readonly<Record<string, number>>;
  /** Process-level events drawn (manual trades, journal read-only, recovery crash, operator restart). */
  readonly events: Readonly<Record<string, number>>;
  readonly ms: number;
}

/** Runs seeds [from, from + count) one after another and tallies violations and crash points. */
export async function runRange(from: number, count: number): Promise<RangeSummary> {
  const t0 = performance.now();
  const failed: SeedResult[] = [];
  const crashes: Record<string, number> = {};
  const outcomes: Record<string, number> = {};
  const events: Record<string, number> = {};
  for (let seed = from; seed < from + count; seed++) {
    // A seed that throws is a violation of its own, named by its seed: the run goes on.
    const r = await runSeed(seed).catch(
      (e: unknown): SeedResult => ({
        seed,
        violations: [`threw: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`],
        intents: 0,
        outcomes: {},
        events: [],
      }),
    );
    if (r.violations.length > 0) failed.push(r);
    if (r.crashedAt) crashes[r.crashedAt] = (crashes[r.crashedAt] ?? 0) + 1;
    for (const [k, n] of Object.entries(r.outcomes)) outcomes[k] = (outcomes[k] ?? 0) + n;
    for (const e of r.events) {
      const k = e.replace(/\(.*$/, '').replace(/:.*$/, '');
      events[k] = (events[k] ?? 0) + 1;
    }
  }
  return { seeds: count, failed, crashes, outcomes, events, ms: performance.now() - t0 };
}
