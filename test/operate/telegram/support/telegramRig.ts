import { afterEach } from 'vitest';
import type { TelegramHandle } from '../../../../src/operate/telegram/startTelegram.ts';
import { stopWatcherKernel, type WatcherKernel } from '../../../kernel/support/watcherKernel.ts';
import type { FakeBotApi } from './fakeBotApi.ts';

/** What a test started, stopped after it: the bot first, then the kernel, then the fake Bot API. */
export interface TelegramRig {
  api: FakeBotApi | undefined;
  running: WatcherKernel | undefined;
  bot: TelegramHandle | undefined;
  /** Stops the bot, then the kernel (the fake Bot API stays up: a restart talks to it again). */
  stopBot(): Promise<void>;
}

/** Registers, in the calling test file, an afterEach that stops whatever each test left in the rig. */
export function telegramRig(): TelegramRig {
  const rig: TelegramRig = {
    api: undefined,
    running: undefined,
    bot: undefined,
    async stopBot() {
      await rig.bot?.close();
      rig.bot = undefined;
      if (rig.running !== undefined) await stopWatcherKernel(rig.running);
      rig.running = undefined;
    },
  };
  afterEach(async () => {
    await rig.stopBot();
    await rig.api?.close();
    rig.api = undefined;
  });
  return rig;
}
