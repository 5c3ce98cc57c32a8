import pg from 'pg';
import PgBoss from 'pg-boss';
import { pgWhere } from '../../../src/journal/postgres/pgWhere.ts';
import { queueSchema, SWEEP_QUEUE } from './queuedSet.ts';
import { ensureSweepResults } from './sweepResults.ts';

/** A connection to a sweep queue: pg-boss for the jobs, a small pool for the results table. */
export interface SweepQueue {
  readonly boss: PgBoss;
  readonly pool: pg.Pool;
  /** pg-boss's schema (its `job` table holds the sets' states). */
  readonly schema: string;
  /** The database by scheme, host, port and name: no user or password, for logs. */
  readonly where: string;
  close(): Promise<void>;
}

/**
 * Runs `setUp` while holding a session lock of the database: on a fresh database, processes that
 * start together (a submitter and its workers) deadlocked creating pg-boss's schema and queue
 * partition at the same time. One sets up, the others wait, then find everything there.
 */
async function setUpOnce(pool: pg.Pool, setUp: () => Promise<void>): Promise<void> {
  const c = await pool.connect();
  try {
    await c.query(`SELECT pg_advisory_lock(hashtext('perpflow-sweep-setup'))`);
    try {
      await setUp();
    } finally {
      await c.query(`SELECT pg_advisory_unlock(hashtext('perpflow-sweep-setup'))`);
    }
  } finally {
    c.release();
  }
}

/**
 * Connects to the queue at `url` (any PostgreSQL ≥ 14; pg-boss creates its schema on first use),
 * creates the sweep queue and the results table if missing. `maintenanceSeconds` is how often this
 * process looks for expired jobs (a worker killed mid-set) to give them to another worker; pg-boss
 * runs that check once per period across all its processes.
 */
export async function openSweepQueue(
  url: string,
  o: { readonly maintenanceSeconds: number; readonly onError: (e: Error) => void },
): Promise<SweepQueue> {
  const schema = queueSchema(url);
  const where = pgWhere(url);
  const boss = new PgBoss({
    connectionString: url,
    schema,
    max: 3,
    application_name: 'perpflow-sweep',
    maintenanceIntervalSeconds: o.maintenanceSeconds,
  });
  boss.on('error', o.onError);
  const pool = new pg.Pool({ connectionString: url, max: 2, application_name: 'perpflow-sweep' });
  // An idle client's error (the server restarted) surfaces on the next query; it must not crash us.
  pool.on('error', () => undefined);
  try {
    await setUpOnce(pool, async () => {
      await boss.start();
      await boss.createQueue(SWEEP_QUEUE);
      await ensureSweepResults(pool);
    });
  } catch (e) {
    await boss.stop({ graceful: false, wait: false }).catch(() => {});
    await pool.end().catch(() => {});
    throw new Error(`sweep queue at ${where}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  return {
    boss,
    pool,
    schema,
    where,
    close: async () => {
      await boss.stop({ graceful: false, wait: true });
      await pool.end();
    },
  };
}
