import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../src/clock/VirtualClock.ts';
import { readUpdateOffset } from '../../../src/operate/telegram/updateOffset.ts';
import { fakeBotApi } from './support/fakeBotApi.ts';
import {
  ALICE,
  recordingLogger,
  startBot,
  startTelegramKernel,
  TOKEN,
  until,
} from './support/telegramKernel.ts';
import { telegramRig } from './support/telegramRig.ts';

const rig = telegramRig();

describe('telegram across a restart', () => {
  it('a command queued while the bot was stopped is refused as stale after the restart, and the update offset carries over', async () => {
    const clock = new VirtualClock(Date.UTC(2026, 0, 5));
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-tg-restart-'));
    const fake = await fakeBotApi(TOKEN);
    rig.api = fake;
    rig.running = await startTelegramKernel(clock, dir, fake.apiRoot);
    rig.bot = await startBot(rig.running.kernel, recordingLogger([]));
    const answered = fake.send(ALICE, '/status', Math.floor(clock.now() / 1000));
    await until(clock, () => fake.texts().length === 1);
    expect(readUpdateOffset(rig.running.kernel.executor.journal)).toBe(answered + 1);
    await rig.stopBot();

    // Sent while the bot is down; it comes back 5 s later, well within maxCommandAgeS (60 s).
    fake.send(ALICE, '/halt', Math.floor(clock.now() / 1000));
    await clock.advance(5_000);
    const polls = fake.calls.filter((c) => c.method === 'getUpdates').length;
    rig.running = await startTelegramKernel(clock, dir, fake.apiRoot);
    rig.bot = await startBot(rig.running.kernel, recordingLogger([]));
    await until(clock, () => fake.texts().length === 2);

    expect(fake.texts()[1]).toBe(
      'Not done: this was sent while the bot was down. Send it again if you still mean it.',
    );
    expect(fake.calls.filter((c) => c.payload.reply_markup !== undefined)).toEqual([]);
    expect(rig.running.kernel.executor.gate.state).toBe('active');
    expect(rig.running.kernel.operator.audit()).toEqual([]);
    // The restarted bot asked from where the first one stopped, not from the beginning.
    expect(fake.calls.filter((c) => c.method === 'getUpdates')[polls]?.payload.offset).toBe(answered + 1);
  });
});
