import type { Kernel } from '../../kernel/Kernel.ts';
import type { ConsoleStartContext, OperatorWindow } from '../../kernel/runBot.ts';
import { botIdentityOf } from './botIdentityOf.ts';
import { startConsole } from './serveConsole.ts';

/** What `perpflow run` hands the kernel's runner: the console of this bot, named after its config. */
export function consoleForRun(configFile: string, version: string) {
  return (k: Kernel, o: ConsoleStartContext): Promise<OperatorWindow | undefined> =>
    startConsole(k, {
      log: o.log,
      logTail: o.logTail,
      secrets: o.secrets,
      identity: botIdentityOf(configFile, version, o.venue),
      ...(o.drift === undefined ? {} : { drift: o.drift }),
    });
}
