import { existsSync } from 'node:fs';
import { holderAlive, SQLITE_LEASE_TTL_MS } from './lease.ts';
import { type LeaseHolder, openReadOnlyJournal } from './readOnlyJournal.ts';

/**
 * The live process that holds a SQLite journal's lease, read without writing to the file, or
 * undefined. A start on that journal will be refused by the lease: before it is, it must change
 * nothing of the journal or what is kept beside it.
 */
export function liveLeaseHolder(file: string, now: number): LeaseHolder | undefined {
  // A journal is open in WAL mode while a bot runs on it, which keeps its shared-memory file;
  // without one nothing holds it, and reading it here would create one.
  if (!existsSync(`${file}-shm`)) return undefined;
  let j: ReturnType<typeof openReadOnlyJournal>;
  try {
    j = openReadOnlyJournal(file);
  } catch {
    return undefined; // not readable as a journal: no lease to see (the caller's own check names the problem)
  }
  try {
    return j
      .lease()
      .find((l) => holderAlive({ ...l, instanceId: '', acquiredAt: 0 }, now, SQLITE_LEASE_TTL_MS));
  } finally {
    j.close();
  }
}
