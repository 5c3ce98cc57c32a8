import { z } from 'zod';
import { envRef } from '../envReference.ts';
import { secret } from '../jsonInputForm.ts';
import { integer, millis } from '../primitives.ts';

export const statusSchema = z
  .strictObject({
    enabled: z
      .boolean({ error: 'expected true, false or null' })
      .nullable()
      .default(null)
      .describe('The local /health and /metrics endpoint. null: on in sim and dry-run, off in live.'),
    port: integer(0, 65_535, 'a port number (0 = any free port)')
      .default(9464)
      .describe('Port on 127.0.0.1 (loopback only). 0 picks a free port and logs it.'),
  })
  .describe('The local status endpoint of a running bot.');

const webhookSchema = z
  .strictObject({
    url: secret(
      z
        .string({ error: `expected a webhook URL as a reference like ${envRef('PERPFLOW_WEBHOOK')}` })
        .regex(/^https?:\/\/\S+$/, { error: 'expected an http(s) webhook URL' }),
    ).describe(`Incoming-webhook URL, as ${envRef('NAME')}: it carries a token.`),
    format: z
      .enum(['slack', 'discord', 'json'], { error: 'expected slack, discord or json' })
      .optional()
      .describe('Payload shape; default: guessed from the host (slack/discord), else json.'),
  })
  .describe('One webhook.');

export const notifySchema = z
  .strictObject({
    webhooks: z.array(webhookSchema, { error: 'expected a list of webhooks' }).default([]),
    dailySummary: z
      .boolean({ error: 'expected true or false' })
      .default(true)
      .describe('Send a summary of the day at 00:00 UTC.'),
  })
  .describe('Notifications: fills, denials, halts, unknown outcomes and a daily summary.');

export const shutdownSchema = z
  .strictObject({
    drainMs: millis(0, 600_000)
      .default(10_000)
      .describe('How long a stop waits for in-flight requests to end before journaling them unknown.'),
    closePositions: z
      .boolean({ error: 'expected true or false' })
      .default(false)
      .describe('Close every position on a graceful stop (off: positions stay, the next start reconciles).'),
  })
  .describe('Graceful shutdown on SIGINT/SIGTERM.');
