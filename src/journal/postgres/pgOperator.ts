import pg from 'pg';
import { JournalError } from '../../errors/JournalError.ts';
import { describeError } from '../../log/redact.ts';
import { pgTypes } from './pgTypes.ts';
import { pgWhere } from './pgWhere.ts';

/** An operator's change to a PostgreSQL journal's latched state (`perpflow halt`, `resume`). */
export interface PgMetaChange {
  readonly set: Readonly<Record<string, string>>;
  readonly delete?: readonly string[];
  readonly deletePrefix?: string;
}

export interface PgOperated {
  /** The database by host, port and name (no credentials). */
  readonly where: string;
  /** The live lease holder, if any: the instance that picks the change up at its next renewal. */
  readonly holder: { readonly pid: number; readonly host: string } | undefined;
}

/**
 * Writes latched state into the journal's meta in one transaction, outside any lease: the
 * operator is not the trader. The active reads meta again at every lease renewal, so the change
 * reaches it within `leaseRenewMs` (a signal on the same host makes it act on it at once).
 */
export async function changePgJournalMeta(url: string, change: PgMetaChange): Promise<PgOperated> {
  const where = pgWhere(url);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, types: pgTypes });
  try {
    await client.connect();
    const known = await client.query("SELECT to_regclass('perpflow_meta') AS t");
    if (known.rows[0]?.t === null)
      throw new JournalError(`${where} holds no perpflow journal (no perpflow_meta table)`);
    await client.query('BEGIN');
    for (const [key, value] of Object.entries(change.set))
      await client.query(
        'INSERT INTO perpflow_meta(key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value',
        [key, value],
      );
    for (const key of change.delete ?? [])
      await client.query('DELETE FROM perpflow_meta WHERE key = $1', [key]);
    if (change.deletePrefix !== undefined)
      await client.query('DELETE FROM perpflow_meta WHERE starts_with(key, $1)', [change.deletePrefix]);
    await client.query('COMMIT');
    const lease = await client.query<{ pid: number; host: string }>(
      "SELECT pid, host FROM perpflow_lease WHERE heartbeat_at > '-infinity' ORDER BY heartbeat_at DESC LIMIT 1",
    );
    return { where, holder: lease.rows[0] };
  } catch (cause) {
    if (cause instanceof JournalError) throw cause;
    throw new JournalError(`cannot change journal ${where}: ${describeError(cause)}`, { cause });
  } finally {
    await client.end().catch(() => undefined);
  }
}
