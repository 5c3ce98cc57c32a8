import { existsSync } from 'node:fs';
import type { Clock } from '../../clock/Clock.ts';
import type { PerpflowConfig } from '../../config/schema.ts';
import { liveLeaseHolder } from '../../journal/liveLeaseHolder.ts';
import { assertPerpflowJournal } from '../../journal/readOnlyJournal.ts';
import type { Logger } from '../../log/Logger.ts';
import { describeError } from '../../log/redact.ts';
import { backUpForFreshStart, backupStamp, journalFileFor, paperAccountFileFor } from '../journalFor.ts';

/** Why the journal file cannot be continued (not a readable perpflow journal), or undefined. */
function unusableJournal(file: string): string | undefined {
  try {
    assertPerpflowJournal(file);
    return undefined;
  } catch (e) {
    return `${file} cannot be read (${describeError(e)})`;
  }
}

/**
 * Before the SQLite journal is opened: a journal file that cannot be read, or one whose paper
 * account is gone (left by a version that did not keep one, or deleted), records positions no
 * venue holds. Paper money only: both are kept aside and the run starts over (live refuses). A
 * journal a running bot holds is left alone: the lease refuses this start.
 */
export function setAsideUnusable(
  config: PerpflowConfig,
  o: { readonly clock: Clock; readonly log: Logger },
): void {
  const journalFile = journalFileFor(config.journal.path, config.mode);
  const paperFile = paperAccountFileFor(journalFile);
  if (journalFile === ':memory:' || !existsSync(journalFile)) return;
  const stamp = backupStamp(o.clock.now());
  const why = unusableJournal(journalFile);
  if (why !== undefined)
    for (const b of backUpForFreshStart(journalFile, stamp))
      o.log.warn(`the dry-run journal ${why}; it was kept aside as ${b}; starting over`);
  else if (
    paperFile !== undefined &&
    !existsSync(paperFile) &&
    liveLeaseHolder(journalFile, o.clock.now()) === undefined
  )
    for (const b of backUpForFreshStart(journalFile, stamp))
      o.log.warn(`a dry-run journal without its paper account was kept aside as ${b}; starting over`);
}
