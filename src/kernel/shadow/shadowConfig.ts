import type { PerpflowConfig } from '../../config/schema.ts';
import { consoleSchema } from '../../config/sections/console.ts';
import { notifySchema, statusSchema } from '../../config/sections/operate.ts';
import { telegramSchema } from '../../config/sections/telegram.ts';

/**
 * The config a shadow runs: live's, as a dry run of only the shadowed strategies on the embedded
 * simulator without faults (the model live is held against), journaling beside live. Nothing of
 * live's venue is kept: no URL, no key, no subaccount; nor its operator windows (console, Telegram,
 * webhooks, status port: the defaults, all off), so no secret of live's reaches the shadow. It
 * records nothing and shadows nothing itself.
 */
export function shadowConfigOf(live: PerpflowConfig, journalPath: string): PerpflowConfig {
  const ids = new Set(live.shadow);
  // A PostgreSQL journal is live's: the shadow keeps a file of its own.
  const { url: _live, ...journal } = live.journal;
  return {
    ...live,
    mode: 'dry-run',
    venue: { ...live.venue, url: null, apiKey: null, subaccount: null },
    simulator: { ...live.simulator, faults: null },
    journal: { ...journal, path: journalPath },
    strategies: live.strategies.filter((s) => ids.has(s.id)),
    record: { ...live.record, enabled: false },
    console: consoleSchema.parse({}),
    telegram: telegramSchema.parse({}),
    notify: notifySchema.parse({}),
    status: statusSchema.parse({}),
    shadow: [],
  };
}
