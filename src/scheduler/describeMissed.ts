import type { JobEvent } from './Scheduler.ts';

const iso = (t: number): string => new Date(t).toISOString();

/** The log line of a job's missed due times: how many were skipped, and the one run late. */
export function describeMissed(e: Extract<JobEvent, { type: 'missed' }>): string {
  const parts: string[] = [];
  if (e.skipped > 0)
    parts.push(
      `skipped ${e.atLeast ? 'at least ' : ''}${e.skipped} missed due time(s), missed by more than the misfire grace of ${e.graceMs} ms`,
    );
  if (e.late !== undefined)
    parts.push(`running the due time ${iso(e.late)} late, ${e.at - e.late} ms after it`);
  return `job ${e.job}: ${parts.join('; ')}`;
}
