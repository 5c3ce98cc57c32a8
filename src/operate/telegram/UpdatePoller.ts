import type { Bot } from 'grammy';
import type { Clock } from '../../clock/Clock.ts';
import type { JournalPort } from '../../journal/JournalPort.ts';
import type { Logger } from '../../log/Logger.ts';
import { describeError } from '../../log/redact.ts';
import { grammySignal } from './grammySignal.ts';
import { readUpdateOffset, writeUpdateOffset } from './updateOffset.ts';

export interface PollerOptions {
  readonly bot: Bot;
  readonly journal: Pick<JournalPort, 'getMeta' | 'setMeta' | 'write'>;
  readonly clock: Clock;
  readonly log: Logger;
  /** Long-poll seconds per getUpdates (Telegram holds the request until an update or this). */
  readonly longPollS?: number;
}

/**
 * Long polling (getUpdates) with the offset kept in the journal: each update's offset is written
 * before it is handled, so no update is ever handled twice, across restarts too. A failed poll
 * waits on the bot's clock (1 s doubling to 60 s) and tries again; trading never waits for it.
 */
export class UpdatePoller {
  private stopped = false;
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;
  private readonly o: PollerOptions;

  constructor(o: PollerOptions) {
    this.o = o;
  }

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort(new Error('telegram stopped'));
    await this.running;
  }

  private async loop(): Promise<void> {
    const { bot, journal, clock, log } = this.o;
    let offset = readUpdateOffset(journal);
    let delay = 1_000;
    let failing = false;
    while (!this.stopped) {
      let updates: Awaited<ReturnType<Bot['api']['getUpdates']>>;
      try {
        updates = await bot.api.getUpdates(
          {
            ...(offset === undefined ? {} : { offset }),
            timeout: this.o.longPollS ?? 25,
            allowed_updates: ['message', 'callback_query'],
          },
          grammySignal(this.abort.signal),
        );
      } catch (e) {
        if (this.stopped) return;
        if (!failing) log.warn(`telegram: cannot fetch updates (${describeError(e)}); retrying`);
        failing = true;
        await clock.sleep(delay, this.abort.signal).catch(() => undefined);
        delay = Math.min(delay * 2, 60_000);
        continue;
      }
      if (failing) log.info('telegram: fetching updates again');
      failing = false;
      delay = 1_000;
      for (const u of updates) {
        if (this.stopped) return;
        offset = u.update_id + 1;
        writeUpdateOffset(journal, offset);
        try {
          await bot.handleUpdate(u);
        } catch (e) {
          log.warn(`telegram: update ${u.update_id} failed: ${describeError(e)}`);
        }
      }
    }
  }
}
