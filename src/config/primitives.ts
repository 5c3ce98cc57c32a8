import { validate as isValidCron } from 'node-cron';
import { z } from 'zod';
import { cronRangeProblem } from '../domain/cronFieldRanges.ts';

/**
 * Building blocks with one precise message each, so that every rule a person can break reads the
 * same whichever section it is in. Messages never echo the value: the location already shows it,
 * and the value may be a secret.
 */

export function integer(min: number, max: number, what = 'an integer'): z.ZodInt {
  const message =
    max === Number.MAX_SAFE_INTEGER
      ? min === 1
        ? `expected a positive integer`
        : `expected ${what} ≥ ${min}`
      : `expected ${what} from ${min} to ${max}`;
  return z.int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

export const positiveInt = (max = Number.MAX_SAFE_INTEGER): z.ZodInt => integer(1, max);

/** Milliseconds: whole, bounded so a typo of three extra zeros is caught. */
export const millis = (min: number, max: number): z.ZodInt =>
  integer(min, max, 'a whole number of milliseconds');

export function positiveNumber(max = Number.MAX_VALUE): z.ZodNumber {
  const message =
    max === Number.MAX_VALUE ? 'expected a positive number' : `expected a number > 0 and ≤ ${max}`;
  return z.number({ error: message }).positive({ error: message }).max(max, { error: message });
}

/** A percentage strictly between 0 and 100. */
export function percent(): z.ZodNumber {
  const message = 'expected a percentage greater than 0 and less than 100';
  return z.number({ error: message }).gt(0, { error: message }).lt(100, { error: message });
}

export const marketSymbol = (): z.ZodString =>
  z.string({ error: 'expected a market symbol like BTCUSDT' }).regex(/^[A-Z0-9]{2,20}$/, {
    error: 'expected a market symbol of 2 to 20 upper-case letters and digits, like BTCUSDT',
  });

/** Lower-case words joined by dashes: ids that appear in logs, metrics and the journal. */
export const slug = (what: string): z.ZodString =>
  z.string({ error: `expected ${what}` }).regex(/^[a-z0-9][a-z0-9-]{0,62}$/, {
    error: `expected ${what} of lower-case letters, digits and dashes`,
  });

export const nonEmptyPath = (what: string): z.ZodString =>
  z.string({ error: `expected ${what}` }).min(1, { error: `expected ${what}, got an empty string` });

export const cronExpression = (): z.ZodString =>
  z.string({ error: 'expected a cron expression in quotes, like "*/30 * * * * *"' }).superRefine((s, ctx) => {
    if (!isValidCron(s))
      ctx.addIssue({
        code: 'custom',
        message:
          'expected a valid cron expression (5 fields, or 6 with seconds first), like "*/30 * * * * *"',
      });
    else {
      const problem = cronRangeProblem(s);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', message: `cron expression: ${problem}` });
    }
  });

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** https anywhere; plain http only to this machine (a simulator in another process). */
export const venueUrl = (): z.ZodString =>
  z
    .string({ error: 'expected a URL like https://…, or null for the embedded simulator' })
    .superRefine((s, ctx) => {
      let url: URL;
      try {
        url = new URL(s);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'expected an absolute URL like https://api.example.com' });
        return;
      }
      if (url.username !== '' || url.password !== '') {
        ctx.addIssue({
          code: 'custom',
          message: 'credentials must not be written in the URL; use venue.apiKey',
        });
        return;
      }
      if (url.protocol === 'https:') return;
      if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return;
      ctx.addIssue({
        code: 'custom',
        message:
          url.protocol === 'http:'
            ? `plain http is allowed only to a loopback host (localhost, 127.0.0.1, ::1), not ${url.hostname}; use https`
            : `expected an https URL, got the ${url.protocol.replace(':', '')} scheme`,
      });
    });
