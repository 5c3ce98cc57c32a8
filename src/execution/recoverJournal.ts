import type { RequestRecord } from '../domain/request.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import type { ExposureIndex } from './exposureIndex.ts';
import type { RequestChange } from './requestChange.ts';
import type { Tracker } from './Tracker.ts';

/**
 * Start-up recovery: CREATED never left (NOT_SENT), SUBMITTING may have (UNKNOWN); every open
 * request is indexed. Polling them again waits for the market catalog (`trackRecovered`).
 */
export function recoverJournal(
  journal: JournalPort,
  move: (changes: readonly RequestChange[]) => RequestRecord[],
  index: ExposureIndex,
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
  for (const r of journal.nonTerminal()) index.update(r);
}

/**
 * Polls every open request with a tempId again. Called once the market catalog is read: a fill
 * booked before it would miss the market's hedger fee (found by the chaos books check).
 */
export function trackRecovered(journal: JournalPort, tracker: Tracker): void {
  for (const r of journal.nonTerminal()) if (r.tempId !== undefined) tracker.track(r);
}
