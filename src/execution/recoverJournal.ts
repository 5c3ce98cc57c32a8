import type { RequestRecord } from '../domain/request.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import type { RequestWatch } from '../venue/VenueReport.ts';
import type { ExposureIndex } from './exposureIndex.ts';
import type { RequestChange } from './requestChange.ts';

/**
 * Start-up recovery: CREATED never left (NOT_SENT), SUBMITTING may have (UNKNOWN); every open
 * request is indexed. Polling them again waits for the market catalog (`trackRecovered`). A TP/SL
 * set still CREATED is the one exception to NOT_SENT: it is protective and provably unsent, so it
 * is routed again (`resend`: sent, or held until its open ends) rather than dropped with the
 * position left unprotected.
 */
export function recoverJournal(
  journal: JournalPort,
  move: (changes: readonly RequestChange[]) => RequestRecord[],
  index: ExposureIndex,
  resend: (r: RequestRecord) => void = () => {},
): void {
  const open = journal.nonTerminal();
  const unsentTpSl = open.filter((r) => r.status === 'CREATED' && r.kind === 'setTpSl');
  move([
    ...open
      .filter((r) => r.status === 'CREATED' && r.kind !== 'setTpSl')
      .map((r) => ({ id: r.clientRequestId, to: 'NOT_SENT' as const, note: 'restart: never sent' })),
    ...open
      .filter((r) => r.status === 'SUBMITTING')
      .map((r) => ({ id: r.clientRequestId, to: 'UNKNOWN' as const, note: 'restart: outcome unknown' })),
  ]);
  for (const r of journal.nonTerminal()) index.update(r);
  for (const r of unsentTpSl) resend(r);
}

/**
 * Polls every open request with a tempId again. Called once the market catalog is read: a fill
 * booked before it would miss the market's hedger fee (found by the chaos books check).
 */
export function trackRecovered(journal: JournalPort, tracker: RequestWatch): void {
  for (const r of journal.nonTerminal()) if (r.tempId !== undefined) tracker.watch(r);
}
