import { z } from 'zod';
import { millis, nonEmptyPath } from '../primitives.ts';

export const marketSchema = z
  .strictObject({
    pollIntervalMs: millis(100, 3_600_000).default(1000).describe('How often prices are polled.'),
    staleAfterMs: millis(100, 86_400_000)
      .default(5000)
      .describe('A price older than this is stale: no new exposure is opened on it.'),
  })
  .superRefine((v, ctx) => {
    if (v.staleAfterMs <= v.pollIntervalMs)
      ctx.addIssue({
        code: 'custom',
        path: ['staleAfterMs'],
        message: `must be greater than pollIntervalMs (${v.pollIntervalMs}), or every price is stale on arrival`,
      });
  })
  .describe('Price polling and staleness.');

/** Where the journal lives unless the config says otherwise; the operator commands default to it too. */
export const DEFAULT_JOURNAL_PATH = 'var/perpflow.sqlite';

export const journalSchema = z
  .strictObject({
    path: nonEmptyPath('the path of the SQLite journal file')
      .default(DEFAULT_JOURNAL_PATH)
      .describe('SQLite file of the write-ahead journal; ":memory:" keeps it in memory.'),
    url: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/i, 'expected a postgres:// URL')
      .optional()
      .describe(
        'A PostgreSQL journal instead of the file (typically the env interpolation of DATABASE_URL): an active and standbys share it.',
      ),
    leaseTtlMs: millis(1_000, 600_000)
      .default(10_000)
      .describe('PostgreSQL: a lease not renewed for this long is taken over by a standby.'),
    leaseRenewMs: millis(100, 300_000)
      .default(5_000)
      .describe('PostgreSQL: how often the active renews its lease and a standby tries to take it.'),
  })
  .superRefine((v, ctx) => {
    if (v.leaseRenewMs >= v.leaseTtlMs)
      ctx.addIssue({
        code: 'custom',
        path: ['leaseRenewMs'],
        message: `must be less than leaseTtlMs (${v.leaseTtlMs}), or the lease expires between renewals`,
      });
  })
  .describe('The write-ahead journal.');

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;

export const loggingSchema = z
  .strictObject({
    level: z
      .enum(LOG_LEVELS, { error: `expected one of ${LOG_LEVELS.join(', ')}` })
      .default('info')
      .describe('Least severe level written.'),
    file: nonEmptyPath('the path of the log file, or null')
      .nullable()
      .default('var/perpflow.log')
      .describe('JSON-lines log file; null for none.'),
  })
  .describe('Logging.');
