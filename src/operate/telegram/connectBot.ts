import { type Bot, GrammyError } from 'grammy';
import type { Clock } from '../../clock/Clock.ts';
import type { Logger } from '../../log/Logger.ts';
import { describeError } from '../../log/redact.ts';
import { grammySignal } from './grammySignal.ts';

/**
 * getMe until the Bot API answers, waiting 1 s doubling to 60 s on the bot's clock: nothing in
 * `perpflow run` waits for it. False when the token is refused (no retry can fix that) or on close.
 */
export async function connectBot(bot: Bot, clock: Clock, log: Logger, signal: AbortSignal): Promise<boolean> {
  let delay = 1_000;
  let warned = false;
  while (!signal.aborted) {
    try {
      // getMe itself, not bot.init(): init retries on its own timers, for as long as it takes.
      bot.botInfo = await bot.api.getMe(grammySignal(signal));
      return true;
    } catch (e) {
      if (signal.aborted) return false;
      if (e instanceof GrammyError && (e.error_code === 401 || e.error_code === 404)) {
        log.error(`telegram: the Bot API refused the token (${e.error_code}); no Telegram bot this run`);
        return false;
      }
      if (!warned)
        log.warn(`telegram: the Bot API does not answer (${describeError(e)}); retrying, trading goes on`);
      warned = true;
      await clock.sleep(delay, signal).catch(() => undefined);
      delay = Math.min(delay * 2, 60_000);
    }
  }
  return false;
}
