import { monotonicStopwatch } from '../clock/Stopwatch.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import type { Metrics } from '../report/metrics/createMetrics.ts';

/** Journal transactions (the write-ahead commit, fsync included) observed in `perpflow_journal_commit_seconds`. */
export function timeJournalCommits(journal: JournalPort, m: Metrics): void {
  const write = journal.write.bind(journal);
  let depth = 0;
  journal.write = <T>(what: string, fn: () => T): T => {
    if (depth > 0) return write(what, fn);
    const t0 = monotonicStopwatch.elapsedMs();
    depth++;
    try {
      return write(what, fn);
    } finally {
      depth--;
      m.journalCommit.observe((monotonicStopwatch.elapsedMs() - t0) / 1000);
    }
  };
}
