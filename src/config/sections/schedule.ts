import { z } from 'zod';
import { cronExpression, slug } from '../primitives.ts';

export const scheduleSchema = z
  .array(
    z
      .strictObject({
        name: slug('a job name').describe('Name of the job.'),
        cron: cronExpression().describe('node-cron expression; 6 fields put seconds first.'),
      })
      .describe('One scheduled job.'),
    { error: 'expected a list of jobs like [{ name: reconcile, cron: "*/30 * * * * *" }]' },
  )
  .default([])
  .describe('Named jobs on the clock, node-cron expressions.');

/** A strategy entry's misfire grace (Scheduler's Misfire): at most a day, a cron walk stays short. */
export const misfireGraceMsSchema = z
  .number({ error: 'expected a number of milliseconds, like 60000' })
  .int({ error: 'expected a whole number of milliseconds' })
  .min(0, { error: 'expected 0 (never run a missed due time late) or more milliseconds' })
  .max(86_400_000, { error: 'expected at most 86400000 (one day)' })
  .optional()
  .describe(
    "How late a schedule's due time missed during a restart or take-over may still run, once, on start; older missed ones are skipped and logged. Default: one period of the schedule, at most 60000.",
  );
