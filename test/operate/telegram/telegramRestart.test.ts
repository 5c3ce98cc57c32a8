import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../src/clock/VirtualClock.ts';
import type { TelegramHandle } from '../../../src/operate/telegram/startTelegram.ts';
import { readUpdateOffset } from '../../../src/operate/telegram/updateOffset.ts';
import { stopWatcherKernel, type WatcherKernel } from '../../kernel/support/watcherKernel.ts';
import { type FakeBotApi, fakeBotApi } from './support/fakeBotApi.ts';
import {
  ALICE,
  recordingLogger,
  startBot,
  startTelegramKernel,
  TOKEN,
  until,
} from './support/telegramKernel.ts';

let api: FakeBotApi | undefined;
let running: WatcherKernel | undefined;
let bot: TelegramHandle | undefined;

afterEach(async () => {
  await bot?.close();
  if (running !== undefined) await stopWatcherKernel(running);
  await api?.close();
  [api, running, bot] = [undefined, undefined, undefined];
});

describe('telegram across a restart', () => {
  it('a command queued while the bot was stopped is refused as stale after the restart, and the update offset carries over', async () => {
    const clock = new VirtualClock(Date.UTC(2026, 0, 5));
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-tg-restart-'));
    const fake = await fakeBotApi(TOKEN);
    api = fake;
    running = await startTelegramKernel(clock, dir, fake.apiRoot);
    bot = await startBot(running.kernel, recordingLogger([]));
    const answered = fake.send(ALICE, '/status', Math.floor(clock.now() / 1000));
    await until(clock, () => fake.texts().length === 1);
    expect(readUpdateOffset(running.kernel.executor.journal)).toBe(answered + 1);
    await bot?.close();
    bot = undefined;
    await stopWatcherKernel(running);
    running = undefined;

    // Sent while the bot is down; it comes back 5 s later, well within maxCommandAgeS (60 s).
    fake.send(ALICE, '/halt', Math.floor(clock.now() / 1000));
    await clock.advance(5_000);
    const polls = fake.calls.filter((c) => c.method === 'getUpdates').length;
    running = await startTelegramKernel(clock, dir, fake.apiRoot);
    bot = await startBot(running.kernel, recordingLogger([]));
    await until(clock, () => fake.texts().length === 2);

    expect(fake.texts()[1]).toBe(
      'Not done: this was sent while the bot was down. Send it again if you still mean it.',
    );
    expect(fake.calls.filter((c) => c.payload.reply_markup !== undefined)).toEqual([]);
    expect(running.kernel.executor.gate.state).toBe('active');
    expect(running.kernel.operator.audit()).toEqual([]);
    // The restarted bot asked from where the first one stopped, not from the beginning.
    expect(fake.calls.filter((c) => c.method === 'getUpdates')[polls]?.payload.offset).toBe(answered + 1);
  });
});
