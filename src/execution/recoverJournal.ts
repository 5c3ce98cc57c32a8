import type { RequestRecord } from '../domain/request.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import type { ExposureIndex } from './exposureIndex.ts';
import type { RequestChange } from './requestChange.ts';
import type { Tracker } from './Tracker.ts';

/**
 * Start-up recovery: CREATED never left (NOT_SENT), SUBMITTING may have (UNKNOWN); every open
 * request is indexed and, with a tempId, polled again. A TP/SL set still CREATED is the one
 * exception: it is protective and provably unsent, so it is routed again (`resend`: sent, or held
 * until its open ends) rather than dropped with the position left unprotected.
 */
export function recoverJournal(
  journal: JournalPort,
  move: (changes: readonly RequestChange[]) => RequestRecord[],
  index: ExposureIndex,
  tracker: Tracker,
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
  for (const r of journal.nonTerminal()) {
    index.update(r);
    if (r.tempId !== undefined) tracker.track(r);
  }
  for (const r of unsentTpSl) resend(r);
}
