import { z } from 'zod';
import { integer, millis, positiveInt } from '../primitives.ts';

const pollSchema = z
  .strictObject({
    firstDelayMs: millis(1, 60_000).default(200).describe('Delay before the first status poll.'),
    factor: z
      .number({ error: 'expected a backoff factor from 1 to 10' })
      .min(1, { error: 'expected a backoff factor from 1 to 10' })
      .max(10, { error: 'expected a backoff factor from 1 to 10' })
      .default(1.5)
      .describe('Each poll delay is the previous one times this factor.'),
    maxDelayMs: millis(1, 600_000).default(1000).describe('Longest delay between polls.'),
    notFoundGraceMs: millis(0, 600_000)
      .default(10_000)
      .describe('How long a 404 on a fresh request is taken as "not visible yet".'),
    notFoundLimit: integer(1, 1000, 'a count')
      .default(5)
      .describe('404s after the grace window before giving up.'),
    deadlineMs: millis(1000, 3_600_000)
      .default(300_000)
      .describe('After this a request with no terminal state is settled by reconciliation.'),
  })
  .superRefine((v, ctx) => {
    if (v.maxDelayMs < v.firstDelayMs)
      ctx.addIssue({
        code: 'custom',
        path: ['maxDelayMs'],
        message: `must be at least firstDelayMs (${v.firstDelayMs})`,
      });
  })
  .describe('Status polling of a submitted request.');

export const executionSchema = z
  .strictObject({
    batchWindowMs: millis(0, 1000)
      .default(5)
      .describe('Intents arriving within this window share one batch call.'),
    maxBatchSize: positiveInt(100).default(20).describe('Most items in one batch call.'),
    poll: pollSchema.prefault({}),
    reconcile: z
      .strictObject({
        intervalMs: millis(1000, 3_600_000).default(30_000).describe('Period of position reconciliation.'),
        convergenceMs: millis(0, 600_000)
          .default(5_000)
          .describe('How long status and positions may disagree before the disagreement counts.'),
        unknownSettleMs: millis(0, 3_600_000)
          .default(30_000)
          .describe(
            'An unknown request with no trace in the positions list this long after its send did not execute.',
          ),
        fingerprintWindowMs: millis(0, 3_600_000)
          .default(60_000)
          .describe(
            'How far from its send a venue position may be created and still match it by fingerprint.',
          ),
      })
      .prefault({})
      .describe('Periodic reconciliation against the venue positions list.'),
  })
  .describe('Batching, tracking and reconciliation of requests.');
