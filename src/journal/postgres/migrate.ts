import type { ClientBase } from 'pg';
import { JournalError } from '../../errors/JournalError.ts';
import { MIGRATIONS, type Migration, PG_SCHEMA_VERSION } from './migrations.ts';

/** Any fixed number: every perpflow that migrates this database takes the same advisory lock. */
const MIGRATION_LOCK = 0x70657270;

/**
 * Brings the database to `PG_SCHEMA_VERSION`, one transaction for all missing migrations, under an
 * advisory lock (an active and a standby starting together migrate once). A database already at
 * a newer version was migrated by a newer perpflow: this one refuses to start rather than write
 * rows that version may read differently. Returns the version found before.
 */
export async function migrate(
  client: ClientBase,
  where: string,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number> {
  const known = migrations.length === 0 ? 0 : Math.max(...migrations.map((m) => m.version));
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS perpflow_schema (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    );
    const res = await client.query<{ v: number | null }>('SELECT max(version) AS v FROM perpflow_schema');
    const found = res.rows[0]?.v ?? 0;
    if (found > known)
      throw new JournalError(
        `the journal database ${where} has schema version ${found}, newer than this perpflow knows (${known}): it was migrated by a newer perpflow; upgrade perpflow to use it`,
        { details: { schemaVersion: found, known } },
      );
    for (const m of migrations) {
      if (m.version <= found) continue;
      await client.query(m.sql);
      await client.query('INSERT INTO perpflow_schema(version) VALUES ($1)', [m.version]);
    }
    await client.query('COMMIT');
    return found;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}

export { PG_SCHEMA_VERSION };
