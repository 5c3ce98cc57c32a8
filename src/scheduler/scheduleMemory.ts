/** Where a job's last run is kept between processes, so its misfire policy knows what was missed. */
export interface ScheduleMemory {
  lastDue(job: string): number | undefined;
  ran(job: string, dueAt: number): void;
}

const PREFIX = 'schedule.lastDue.';

/**
 * Last runs in the journal's meta table: a restart on the same journal, or a standby taking over
 * the shared one, learns the due time the previous active ran last.
 */
export function metaScheduleMemory(meta: {
  getMeta(key: string): string | undefined;
  setMeta(key: string, value: string): void;
}): ScheduleMemory {
  return {
    lastDue(job) {
      // Number(undefined) is NaN: no value reads as none, like a damaged one.
      const n = Number(meta.getMeta(PREFIX + job));
      return Number.isSafeInteger(n) ? n : undefined;
    },
    ran(job, dueAt) {
      meta.setMeta(PREFIX + job, String(dueAt));
    },
  };
}
