import type { SweepQueue } from './openSweepQueue.ts';
import { SWEEP_QUEUE } from './queuedSet.ts';
import { countSweepResults } from './sweepResults.ts';

/** Where a queued sweep stands. */
export interface SweepProgress {
  readonly total: number;
  /** Sets with their answer written. */
  readonly done: number;
  /** Sets a worker holds now. */
  readonly running: number;
  /** Sets waiting for another try (their worker failed them, or died and the job expired). */
  readonly retrying: number;
  /** Sets out of tries without an answer: they rank last with pg-boss's reason. */
  readonly failed: number;
}

/** The sweep's failed-for-good jobs without an answer, in the live table and pg-boss's archive. */
const failedSql = (schema: string, what: string) =>
  ['job', 'archive']
    .map(
      (
        t,
      ) => `SELECT ${what} FROM ${schema}.${t} j WHERE j.name = $1 AND j.data->>'sweepId' = $2 AND j.state = 'failed'
        AND NOT EXISTS (SELECT 1 FROM perpflow_sweep_result r
                        WHERE r.sweep_id = $2 AND r.set_index = (j.data->>'index')::int)`,
    )
    .join(' UNION ALL ');

export async function sweepProgress(q: SweepQueue, sweepId: string, total: number): Promise<SweepProgress> {
  const done = await countSweepResults(q.pool, sweepId);
  const states = await q.pool.query<{ state: string; n: number }>(
    `SELECT state::text AS state, count(*)::int AS n FROM ${q.schema}.job
     WHERE name = $1 AND data->>'sweepId' = $2 AND state IN ('active', 'retry') GROUP BY state`,
    [SWEEP_QUEUE, sweepId],
  );
  const n = (s: string) => states.rows.find((r) => r.state === s)?.n ?? 0;
  const failed = await q.pool.query<{ i: number }>(
    failedSql(q.schema, `DISTINCT (j.data->>'index')::int AS i`),
    [SWEEP_QUEUE, sweepId],
  );
  return {
    total,
    done,
    running: n('active'),
    retrying: n('retry'),
    failed: new Set(failed.rows.map((r) => r.i)).size,
  };
}

/** Why each failed-for-good set failed: the message its last worker gave pg-boss. */
export async function failedSets(q: SweepQueue, sweepId: string): Promise<Map<number, string>> {
  const r = await q.pool.query<{ i: number; output: unknown }>(
    failedSql(q.schema, `(j.data->>'index')::int AS i, j.output`),
    [SWEEP_QUEUE, sweepId],
  );
  // Our workers fail a job with { message }; pg-boss's expiry with { value: { message } }.
  const why = (o: unknown): string => {
    if (o === null || typeof o !== 'object') return 'failed in the queue';
    if ('message' in o) return String(o.message);
    if ('value' in o && typeof o.value === 'object' && o.value !== null && 'message' in o.value)
      return String(o.value.message);
    return JSON.stringify(o);
  };
  return new Map(r.rows.map((x) => [x.i, why(x.output)]));
}

const seconds = (s: number) =>
  s >= 3600 ? `${(s / 3600).toFixed(1)} h` : s >= 120 ? `${Math.round(s / 60)} min` : `${Math.round(s)} s`;

/** `sweep 1a2b3c4d: 12/64 done, 2 running, 0 failed (1 retrying), 3.1 sets/s, about 17 s left`. */
export function sweepProgressLine(id: string, p: SweepProgress, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? (p.done * 1000) / elapsedMs : 0;
  const left = p.total - p.done - p.failed;
  const eta = rate > 0 ? `about ${seconds(left / rate)} left` : 'time left unknown';
  return `sweep ${id.slice(0, 8)}: ${p.done}/${p.total} done, ${p.running} running, ${p.failed} failed${
    p.retrying > 0 ? ` (${p.retrying} retrying)` : ''
  }, ${rate.toFixed(rate < 10 ? 2 : 0)} sets/s, ${left === 0 ? 'finished' : eta}`;
}
