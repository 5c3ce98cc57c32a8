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
