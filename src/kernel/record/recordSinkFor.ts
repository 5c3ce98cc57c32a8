import type { Clock } from '../../clock/Clock.ts';
import type { PerpflowConfig } from '../../config/schema.ts';
import type { JournalPort } from '../../journal/JournalPort.ts';
import { pgWhere } from '../../journal/postgres/pgWhere.ts';
import { PgRecordSink } from './pg/PgRecordSink.ts';
import type { LineSink } from './Recorder.ts';
import { RecordFile } from './RecordFile.ts';

/** Where a run's recording goes, and how it begins once the process holds its journal. */
export interface RecordSink {
  readonly sink: LineSink;
  open(journal: JournalPort): void;
  /** Secrets the destination itself carries (a database password): never written into a line. */
  readonly secrets: readonly string[];
}

/** The password of a postgres:// URL, as written and decoded (either may show in a text). */
function urlPassword(url: string): string[] {
  try {
    const p = new URL(url).password;
    return p === '' ? [] : [p, decodeURIComponent(p)];
  } catch {
    return [];
  }
}

/**
 * A run on a PostgreSQL journal records into that database (PgRecordSink), under the journal's
 * lease: an active and its standbys share no disk, and a file beside no journal would be found by
 * no one. `record.path` set in the config still chooses a file. Otherwise the file at `path`.
 */
export function recordSinkFor(
  config: PerpflowConfig,
  path: string | undefined,
  clock: Clock,
  firstLines: () => readonly string[],
  onFailure?: (e: unknown) => void,
): RecordSink | undefined {
  const url = config.journal.url;
  if (url !== undefined && config.record.path === null) {
    const where = { url, where: pgWhere(url), ...(onFailure === undefined ? {} : { onFailure }) };
    const sink = new PgRecordSink(where, clock, config.record.maxBytes, firstLines);
    return {
      sink,
      secrets: urlPassword(url),
      open: (journal) => {
        // A PostgreSQL journal (the one a journal.url opens) holds its lease by a fencing token.
        const token = 'fencingToken' in journal ? journal.fencingToken : undefined;
        const scope = journal.leaseHeld;
        if (typeof token === 'number' && scope !== undefined) sink.open({ scope, token });
      },
    };
  }
  if (path === undefined) return undefined;
  const file = new RecordFile(path, clock, config.record.maxBytes, firstLines);
  return { sink: file, secrets: [], open: () => file.open() };
}
