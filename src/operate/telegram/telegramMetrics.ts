import { Counter, type Registry } from 'prom-client';

/** The Telegram front's counters on the bot's /metrics: what was sent, dropped and ignored. */
export function telegramMetrics(registry: Registry) {
  const registers = [registry];
  return {
    sent: new Counter({
      name: 'perpflow_telegram_messages_sent_total',
      help: 'Notification messages Telegram accepted.',
      registers,
    }),
    dropped: new Counter({
      name: 'perpflow_telegram_notices_dropped_total',
      help: 'Notices never delivered: Telegram unreachable or too slow, or too many waiting.',
      registers,
    }),
    ignored: new Counter({
      name: 'perpflow_telegram_ignored_updates_total',
      help: 'Updates from users not on the allow-list (or from group chats), ignored.',
      registers,
    }),
  };
}
