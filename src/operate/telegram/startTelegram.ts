import { Bot } from 'grammy';
import type { Kernel } from '../../kernel/Kernel.ts';
import type { Logger } from '../../log/Logger.ts';
import { redactText } from '../../log/redact.ts';
import { secretGuard } from '../api/secretGuard.ts';
import type { BotIdentity } from '../api/views.ts';
import { ChatSender } from './ChatSender.ts';
import { connectBot } from './connectBot.ts';
import { grammySignal } from './grammySignal.ts';
import { kernelNotices } from './kernelNotices.ts';
import { TelegramFront } from './TelegramFront.ts';
import { telegramMetrics } from './telegramMetrics.ts';
import { UpdatePoller } from './UpdatePoller.ts';

export interface StartTelegramOptions {
  readonly log: Logger;
  readonly identity: BotIdentity;
  /** Secret values the venue edges hold: masked if a message ever held one. */
  readonly secrets: readonly string[];
  /** getUpdates' long-poll seconds (tests shorten it). */
  readonly longPollS?: number;
}

export interface TelegramHandle {
  readonly front: TelegramFront;
  /** Messages sent, and notices dropped (Telegram unreachable, too slow, or too many waiting). */
  readonly stats: { sent: number; dropped: number };
  close(): Promise<void>;
}

/**
 * `perpflow run`'s Telegram bot, when `telegram.botToken` is set: notifications from the start,
 * commands (long polling) once getMe answered. Nothing here is awaited by trading or by the run's
 * start: a Bot API that cannot be reached is retried in the background; a refused token is logged.
 */
export async function startTelegram(k: Kernel, o: StartTelegramOptions): Promise<TelegramHandle | undefined> {
  const c = k.config.telegram;
  if (c.botToken === null) return undefined;
  const { log } = o;
  const clock = k.executor.clock;
  const bot = new Bot(c.botToken, { client: { apiRoot: c.apiRoot, timeoutSeconds: 60 } });
  const guard = secretGuard(
    [c.botToken, ...o.secrets, ...(k.config.venue.apiKey === null ? [] : [k.config.venue.apiKey])],
    (where) => log.error(`telegram: a secret was about to leave in ${where}: masked`),
  );
  // Closing aborts every call still waiting (a reply to a hung Bot API must not hold up the stop).
  const closing = new AbortController();
  // Every text that leaves (replies, confirmations, notices) passes the guard and the redactor.
  bot.api.config.use((prev, method, payload, signal) => {
    const text: unknown = Reflect.get(payload, 'text');
    if (typeof text === 'string') Reflect.set(payload, 'text', redactText(guard(text, method)));
    return prev(method, payload, signal ?? grammySignal(closing.signal));
  });
  const metrics = telegramMetrics(k.metrics.registry);
  const front = new TelegramFront({
    kernel: k,
    identity: o.identity,
    config: c,
    log,
    onIgnored: () => metrics.ignored.inc(),
  });
  front.install(bot);
  const stats = { sent: 0, dropped: 0 };
  let dropping = false;
  const senders = c.users.map(
    (u) =>
      new ChatSender(u.id, {
        clock,
        windowMs: 1_000,
        maxWindowMs: 60_000,
        timeoutMs: 10_000,
        maxPending: 500,
        send: async (chat, text, silent, signal) => {
          await bot.api.sendMessage(chat, text, { disable_notification: silent }, grammySignal(signal));
        },
        onSent: () => {
          stats.sent++;
          metrics.sent.inc();
          dropping = false;
        },
        onDropped: (n, why) => {
          stats.dropped += n;
          metrics.dropped.inc(n);
          if (!dropping) log.warn(`telegram: notifications dropped (${why}); counting, trading goes on`);
          dropping = true;
        },
      }),
  );
  const notices = kernelNotices(k, o.identity, c.heartbeatMinutes * 60_000, (kind, text) => {
    const level = c.notify[kind];
    if (level !== 'off') for (const s of senders) s.post({ kind, silent: level === 'silent', text });
  });
  const poller = new UpdatePoller({
    bot,
    journal: k.executor.journal,
    clock,
    log,
    ...(o.longPollS === undefined ? {} : { longPollS: o.longPollS }),
  });
  const connecting = connectBot(bot, clock, log, closing.signal).then((ok) => {
    if (!ok) return;
    poller.start();
    log.info(`telegram: @${bot.botInfo.username}, ${c.users.length} allowed users`);
  });
  return {
    front,
    stats,
    close: async () => {
      notices.stop();
      for (const s of senders) s.close();
      closing.abort(new Error('telegram stopped'));
      await connecting;
      await poller.stop();
    },
  };
}
