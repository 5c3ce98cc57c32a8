import type { RequestRecord } from '../domain/request.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import type { ExposureIndex } from './exposureIndex.ts';
import type { RequestChange } from './requestChange.ts';
import type { Tracker } from './Tracker.ts';

/**
 * Start-up recovery: CREATED never left (NOT_SENT), SUBMITTING may have (UNKNOWN); every open
 * request is indexed and, with a tempId, polled again.
 */
export function recoverJournal(
  journal: JournalPort,
  move: (changes: readonly RequestChange[]) => RequestRecord[],
  index: ExposureIndex,
  tracker: Tracker,
): void {
  const open = journal.nonTerminal();
  move([
    ...open
      .filter((r) => r.status === 'CREATED')
      .map((r) => ({ id: r.clientRequestId, to: 'NOT_SENT' as const, note: 'restart: never sent' })),
    ...open
      .filter((r) => r.status === 'SUBMITTING')
      .map((r) => ({ id: r.clientRequestId, to: 'UNKNOWN' as const, note: 'restart: outcome unknown' })),
  ]);
  for (const r of journal.nonTerminal()) {
    index.update(r);
    if (r.tempId !== undefined) tracker.track(r);
  }
}
