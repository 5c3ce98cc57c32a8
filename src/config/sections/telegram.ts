import { z } from 'zod';
import { envRef } from '../envReference.ts';
import { secret } from '../jsonInputForm.ts';
import { integer } from '../primitives.ts';

/** A Bot API token as BotFather gives it: the bot's numeric id, a colon, 35 characters. */
export const BOT_TOKEN = /^\d{5,20}:[A-Za-z0-9_-]{30,80}$/;

const USER_ID = 'expected a Telegram user id: a positive number (@userinfobot tells yours), not a @name';

const level = z
  .enum(['on', 'silent', 'off'], { error: 'expected on, silent (no sound) or off' })
  .describe('on: a message with sound; silent: a message without sound; off: none.');

const userSchema = z
  .strictObject({
    id: z
      .int({ error: USER_ID })
      .min(1, { error: USER_ID })
      .describe('The Telegram user id (a number; @userinfobot tells yours), never a @name or chat id.'),
    role: z
      .enum(['viewer', 'operator'], { error: 'expected viewer (reads only) or operator (reads and acts)' })
      .describe('viewer: reads only; operator: reads and acts (close, cancel, pause, halt, resume).'),
    name: z.string({ error: 'expected a name' }).max(64).optional().describe('For the audit and logs only.'),
  })
  .describe('One allowed Telegram user, by user id (never by chat id).');

export const telegramSchema = z
  .strictObject({
    botToken: secret(
      z
        .string({ error: `expected a reference like ${envRef('PERPFLOW_TELEGRAM_TOKEN')}` })
        .regex(BOT_TOKEN, { error: 'expected a bot token as BotFather gives it (123456789:AA…)' }),
    )
      .nullable()
      .default(null)
      .describe(`The bot token from BotFather, as ${envRef('NAME')}. null: no Telegram bot.`),
    apiRoot: z
      .string({ error: 'expected an http(s) URL' })
      .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, { error: 'expected an http(s) URL' })
      .default('https://api.telegram.org')
      .describe('The Bot API server (a local telegram-bot-api server, or a test double).'),
    users: z.array(userSchema, { error: 'expected a list of users' }).default([]),
    maxCommandAgeS: integer(1, 3_600, 'seconds (1–3600)')
      .default(60)
      .describe('A command older than this, or sent while the bot was down, is refused, never done late.'),
    notify: z
      .strictObject({
        fills: level.default('silent'),
        alerts: level.default('on'),
        unprotected: level.default('on'),
        halts: level.default('on'),
        dailySummary: level.default('silent'),
        heartbeat: level.default('off'),
      })
      .prefault({})
      .describe('Which notifications the allowed users get, and how.'),
    heartbeatMinutes: integer(1, 10_080, 'minutes').default(60).describe('Heartbeat period.'),
  })
  .describe('The Telegram front end of a running bot: commands from allowed users, notifications.');

export type TelegramConfig = z.infer<typeof telegramSchema>;
export type NotifyLevel = z.infer<typeof level>;
