import type pg from 'pg';
import type { SweepAnswer } from '../runSweepJob.ts';
import { answerFromJson, answerToJson } from './answerJson.ts';

/** Where workers write each set's answer: one row per (sweep, set), whoever ran it and however often. */
const CREATE = `CREATE TABLE IF NOT EXISTS perpflow_sweep_result (
  sweep_id TEXT NOT NULL,
  set_index INTEGER NOT NULL,
  answer JSONB NOT NULL,
  worker TEXT NOT NULL,
  written_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (sweep_id, set_index)
)`;

/** Creates the results table once; the lock keeps concurrent starts from racing on the catalog. */
export async function ensureSweepResults(pool: pg.Pool): Promise<void> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    await c.query(`SELECT pg_advisory_xact_lock(hashtext('perpflow_sweep_result'))`);
    await c.query(CREATE);
    await c.query('COMMIT');
  } catch (e) {
    await c.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    c.release();
  }
}

/**
 * The set's answer, written at most once: a retried job (its first worker was slow, not dead) finds
 * the row there and writes nothing. True when this call wrote it. Runs on the caller's client, inside
 * the transaction that completes the job.
 */
export async function insertSweepResult(
  client: pg.ClientBase,
  row: {
    readonly sweepId: string;
    readonly index: number;
    readonly answer: SweepAnswer;
    readonly worker: string;
  },
): Promise<boolean> {
  const r = await client.query(
    `INSERT INTO perpflow_sweep_result (sweep_id, set_index, answer, worker) VALUES ($1, $2, $3, $4)
     ON CONFLICT (sweep_id, set_index) DO NOTHING`,
    [row.sweepId, row.index, answerToJson(row.answer), row.worker],
  );
  return r.rowCount === 1;
}

/**
 * The answers written for the sweep, by set index: every one, or those of `sets` only (a submitter
 * polling for its few sets in flight reads those, not the whole sweep's answers at every look).
 */
export async function readSweepResults(
  pool: pg.Pool,
  sweepId: string,
  sets?: readonly number[],
): Promise<Map<number, SweepAnswer>> {
  const r =
    sets === undefined
      ? await pool.query<{ set_index: number; answer: string }>(
          'SELECT set_index, answer::text AS answer FROM perpflow_sweep_result WHERE sweep_id = $1',
          [sweepId],
        )
      : await pool.query<{ set_index: number; answer: string }>(
          `SELECT set_index, answer::text AS answer FROM perpflow_sweep_result
           WHERE sweep_id = $1 AND set_index = ANY($2::int[])`,
          [sweepId, sets],
        );
  return new Map(r.rows.map((x) => [x.set_index, answerFromJson(x.answer)]));
}

/** How many sets of the sweep have their answer. */
export async function countSweepResults(pool: pg.Pool, sweepId: string): Promise<number> {
  const r = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM perpflow_sweep_result WHERE sweep_id = $1',
    [sweepId],
  );
  return r.rows[0]?.n ?? 0;
}
