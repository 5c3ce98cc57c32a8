import type { Kernel } from '../../kernel/Kernel.ts';
import type { ConsoleStartContext, OperatorWindow } from '../../kernel/runBot.ts';
import { botIdentityOf } from '../api/botIdentityOf.ts';
import { startTelegram } from './startTelegram.ts';

type StartWindows = (k: Kernel, o: ConsoleStartContext) => Promise<OperatorWindow | undefined>;

/**
 * `perpflow run`'s operator windows: the console as before, then the Telegram bot when the config
 * has a token. One window to the runner: its URL is the console's (empty without one), and closing
 * it closes both.
 */
export function withTelegram(startConsole: StartWindows, configFile: string, version: string): StartWindows {
  return async (k, o) => {
    const window = await startConsole(k, o);
    try {
      const tg = await startTelegram(k, {
        log: o.log,
        secrets: o.secrets,
        identity: botIdentityOf(configFile, version, o.venue),
      });
      if (tg === undefined) return window;
      return {
        url: window?.url ?? '',
        close: async () => {
          await tg.close();
          await window?.close();
        },
      };
    } catch (e) {
      await window?.close();
      throw e;
    }
  };
}
