import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { SweepAnswer } from '../runSweepJob.ts';
import { SWEEP_QUEUE } from './queuedSet.ts';
import { insertSweepResult } from './sweepResults.ts';

/** What writing a set's answer did: wrote the row (or found it written), completed the job (or not). */
export interface Recorded {
  readonly wrote: boolean;
  readonly completed: boolean;
}

/**
 * The exactly-once step of a worker: the answer's row and the job's completion in one transaction.
 * A worker killed before the commit left neither (the job expires and another worker runs it); one
 * killed after left both. A job run twice (expired while its worker was slow) writes its row once.
 * The completion may touch nothing (the job expired meanwhile): the row is still right to keep,
 * since every run of a set gives the same answer.
 */
export async function recordSetResult(
  pool: pg.Pool,
  boss: PgBoss,
  job: { readonly id: string; readonly sweepId: string; readonly index: number },
  answer: SweepAnswer,
  worker: string,
): Promise<Recorded> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const wrote = await insertSweepResult(client, { sweepId: job.sweepId, index: job.index, answer, worker });
    // pg-boss runs its completion on our client when given it as `db`: the same transaction.
    const db = { executeSql: (text: string, values: unknown[]) => client.query(text, values) };
    // Typed void, pg-boss 10 answers { affected }: how many active jobs it completed.
    const done: unknown = await boss.complete(SWEEP_QUEUE, job.id, { wrote }, { db });
    await client.query('COMMIT');
    const affected = typeof done === 'object' && done !== null && 'affected' in done ? done.affected : 0;
    return { wrote, completed: typeof affected === 'number' && affected > 0 };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}
