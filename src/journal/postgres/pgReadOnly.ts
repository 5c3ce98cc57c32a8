import pg from 'pg';
import { JournalError } from '../../errors/JournalError.ts';
import { describeError } from '../../log/redact.ts';
import type { LeaseHolder, OpenRequestRow, ReadOnlyJournal } from '../readOnlyJournal.ts';
import { pgWhere } from './pgWhere.ts';

/**
 * `perpflow status --journal postgres://…`: one read-only snapshot of the shared journal (one
 * REPEATABLE READ transaction), answered as the SQLite read-only journal answers. Nothing is
 * written: no migration, no lease. A database without perpflow's tables is refused.
 */
export async function readPgJournal(url: string): Promise<ReadOnlyJournal> {
  const where = pgWhere(url);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const known = await client.query("SELECT to_regclass('perpflow_requests') AS t");
    if (known.rows[0]?.t === null)
      throw new JournalError(`${where} holds no perpflow journal (no perpflow_requests table)`);
    const meta = await client.query<{ key: string; value: string }>(
      'SELECT key, value FROM perpflow_meta ORDER BY key',
    );
    const requests = await client.query<{
      id: string;
      kind: string;
      symbol: string;
      side: string | null;
      quantity: string | null;
      status: string;
      temp_id: string | null;
    }>(
      'SELECT client_request_id AS id, kind, symbol, side, quantity, status, temp_id FROM perpflow_requests ORDER BY seq',
    );
    const counts = await client.query<{ fills: string; externals: string }>(
      'SELECT (SELECT count(*) FROM perpflow_fills) AS fills, (SELECT count(*) FROM perpflow_external_positions) AS externals',
    );
    const lease = await client.query<{ scope: string; pid: number; host: string; at: number }>(
      "SELECT scope, pid, host, (extract(epoch FROM heartbeat_at) * 1000)::float8 AS at FROM perpflow_lease WHERE heartbeat_at > '-infinity'",
    );
    await client.query('COMMIT');
    const metaMap = new Map(meta.rows.map((m) => [m.key, m.value]));
    const rows: OpenRequestRow[] = requests.rows.map((r) => ({ ...r, tempId: r.temp_id }));
    const holders: LeaseHolder[] = lease.rows.map((l) => ({
      scope: l.scope,
      pid: l.pid,
      host: l.host,
      heartbeatAt: l.at,
    }));
    return {
      path: where,
      meta: (key) => metaMap.get(key),
      metaWithPrefix: (prefix) => meta.rows.filter((m) => m.key.startsWith(prefix)),
      requestStatuses: () => rows.map((r) => r.status),
      requests: () => rows,
      fillCount: () => Number(counts.rows[0]?.fills ?? 0),
      externalCount: () => Number(counts.rows[0]?.externals ?? 0),
      lease: () => holders,
      close: () => undefined,
    };
  } catch (cause) {
    if (cause instanceof JournalError) throw cause;
    throw new JournalError(`cannot read journal ${where}: ${describeError(cause)}`, { cause });
  } finally {
    await client.end().catch(() => undefined);
  }
}
