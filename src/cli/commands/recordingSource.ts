import { isPostgresUrl, pgWhere } from '../../journal/postgres/pgWhere.ts';
import type { Segment } from '../../kernel/record/readRecording.ts';

/** `--scope` and `--segment`: which PostgreSQL recording, and which of its segments. */
export interface RecordingChoice {
  readonly scope?: string;
  readonly segment?: string;
}

/**
 * What `replay` and `record export` read: a recording file's path as given, or a postgres:// URL's
 * recording read from the database (loaded only then: the driver is a few dozen modules), named
 * without its password.
 */
export async function recordingSource(
  where: string,
  o: RecordingChoice,
): Promise<string | { readonly name: string; readonly segments: readonly Segment[] }> {
  if (!isPostgresUrl(where)) return where;
  const { readPgRecording } = await import('../../kernel/record/pg/readPgRecording.ts');
  const segments = await readPgRecording(where, {
    ...(o.scope === undefined ? {} : { scope: o.scope }),
    ...(o.segment === undefined ? {} : { segment: o.segment }),
  });
  return { name: pgWhere(where), segments };
}
