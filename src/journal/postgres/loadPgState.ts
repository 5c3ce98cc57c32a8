import type { Pool } from 'pg';
import type { Fill } from '../../domain/fill.ts';
import type { RequestRecord } from '../../domain/request.ts';
import { externalFromRow } from '../externalRows.ts';
import { fillFromRow } from '../fillRows.ts';
import type { ExternalPositionRow } from '../JournalPort.ts';
import { rowToRecord } from '../requestRow.ts';

/** Everything a PostgreSQL journal answers from memory, read once it holds the lease. */
export interface PgState {
  readonly requests: readonly RequestRecord[];
  readonly fills: readonly Fill[];
  readonly meta: ReadonlyMap<string, string>;
  readonly externals: readonly ExternalPositionRow[];
  /** The paper account of a dry run on this lease scope, as it was last committed. */
  readonly paperAccount: string | undefined;
}

/** Reads the whole journal in one snapshot (REPEATABLE READ): no commit lands half-seen. */
export async function loadPgState(pool: Pool, scope: string): Promise<PgState> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const requests = await client.query('SELECT * FROM perpflow_requests ORDER BY seq');
    const fills = await client.query('SELECT * FROM perpflow_fills ORDER BY seq');
    const externals = await client.query('SELECT * FROM perpflow_external_positions ORDER BY first_seen');
    const meta = await readPgMeta(client);
    const paper = await client.query<{ snapshot: string }>(
      'SELECT snapshot FROM perpflow_paper_accounts WHERE scope = $1',
      [scope],
    );
    await client.query('COMMIT');
    return {
      requests: requests.rows.map(rowToRecord),
      fills: fills.rows.map(fillFromRow),
      meta,
      externals: externals.rows.map(externalFromRow),
      paperAccount: paper.rows[0]?.snapshot,
    };
  } finally {
    client.release();
  }
}

export async function readPgMeta(q: Pick<Pool, 'query'>): Promise<Map<string, string>> {
  const res = await q.query<{ key: string; value: string }>('SELECT key, value FROM perpflow_meta');
  return new Map(res.rows.map((r) => [r.key, r.value]));
}
