/** Due times a job missed while no process ran it, as its misfire policy judges them. */
export interface MissedRuns {
  /** How many due times fell in (last run, now]. */
  readonly missed: number;
  /** The latest of them, when it was missed by less than the grace: it runs once, late. */
  readonly late: number | undefined;
  /** The rest: never run. */
  readonly skipped: number;
  /** The count stopped at MAX_COUNTED: at least that many were missed. */
  readonly capped: boolean;
}

/** A per-second cron over a month of downtime is 2.6 M due times: counted up to here only. */
export const MAX_COUNTED = 100_000;

/**
 * The misfire policy of a cron job that knows the due time it last ran (`lastDue`): of the due
 * times in (lastDue, now], the latest runs once, late, if `now - due < graceMs`; every older one
 * is skipped (counted, so the skip is logged). `next(t)` is the first due time strictly after t.
 */
export function missedRuns(
  next: (after: number) => number,
  lastDue: number,
  now: number,
  graceMs: number,
): MissedRuns {
  let missed = 0;
  let t = next(lastDue);
  while (t <= now && missed < MAX_COUNTED) {
    missed++;
    t = next(t);
  }
  const capped = t <= now;
  let late: number | undefined;
  // Walked from the grace's start, not from lastDue: the count above may have stopped short of now.
  // (Nothing missed: no due time in (lastDue, now] at all, so none in the grace either.)
  for (let c = next(Math.max(lastDue, now - graceMs)); c <= now; c = next(c)) late = c;
  return { missed, late, skipped: late === undefined ? missed : missed - 1, capped };
}
