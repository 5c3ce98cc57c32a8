import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../src/clock/VirtualClock.ts';
import { StrategyId } from '../../../src/domain/ids.ts';
import type { WatcherKernel } from '../../kernel/support/watcherKernel.ts';
import { type FakeBotApi, fakeBotApi } from './support/fakeBotApi.ts';
import { openMany } from './support/openMany.ts';
import {
  ALICE,
  BOB,
  recordingLogger,
  settleIo,
  startBot,
  startTelegramKernel,
  TOKEN,
  until,
} from './support/telegramKernel.ts';
import { telegramRig } from './support/telegramRig.ts';

const rig = telegramRig();

async function start(
  notify: string,
  at = Date.UTC(2026, 0, 5),
): Promise<{ fake: FakeBotApi; k: WatcherKernel; clock: VirtualClock }> {
  const clock = new VirtualClock(at);
  const fake = await fakeBotApi(TOKEN, () => clock.now());
  rig.api = fake;
  const k = await startTelegramKernel(
    clock,
    mkdtempSync(join(tmpdir(), 'perpflow-tg-notify-')),
    fake.apiRoot,
    {
      notify,
    },
  );
  rig.running = k;
  await clock.runUntil(() => k.kernel.executor.ledger.openLots(StrategyId('once')).length === 1, 30_000);
  rig.bot = await startBot(k.kernel, recordingLogger([]));
  return { fake, k, clock };
}

/** How many fills the messages delivered to `chat` report: "N fills:" for a coalesced one, 1 for a lone fill line. */
function fillsReported(fake: FakeBotApi, chat: number): { messages: number; fills: number } {
  const texts = fake.delivered
    .filter((c) => c.payload.chat_id === chat)
    .map((c) => String(c.payload.text))
    .filter((t) => / fills:|LONG open/.test(t));
  const fills = texts.reduce((n, t) => n + Number(/^(\d+) fills:/m.exec(t)?.[1] ?? 1), 0);
  return { messages: texts.length, fills };
}

describe('telegram notifications', () => {
  // The venue fills all 200 at once; the executor learns of them over ~20 s of its clock (its
  // polling pace), and the messages follow a growing window: 1 s, 1 s, 4 s, 16 s.
  it('200 fills at once become at most 4 messages per user, silent as configured, every fill counted', async () => {
    const { fake, k, clock } = await start('{ fills: silent, alerts: off }');
    await openMany(k, 200);
    await until(
      clock,
      () => fillsReported(fake, ALICE.id).fills === 200 && fillsReported(fake, BOB.id).fills === 200,
      100,
    );
    for (const chat of [ALICE.id, BOB.id]) {
      const r = fillsReported(fake, chat);
      expect(r.fills).toBe(200);
      expect(r.messages).toBeLessThanOrEqual(4);
    }
    const sends = fake.calls.filter((c) => c.method === 'sendMessage');
    expect(sends.every((c) => c.payload.disable_notification === true)).toBe(true);
    expect(rig.bot?.stats.dropped).toBe(0);
  });

  it('a kind set off sends nothing; a halt is told with sound', async () => {
    const { fake, k, clock } = await start('{ fills: off, halts: on, alerts: off }');
    await openMany(k, 3);
    await k.kernel.operator.act(
      { kind: 'halt', actionId: 'h1', reason: 'test' },
      { via: 'cli', name: 't', from: 'local' },
    );
    await until(clock, () => fake.calls.filter((c) => c.method === 'sendMessage').length === 2, 100);
    const sends = fake.calls.filter((c) => c.method === 'sendMessage');
    expect(sends.map((c) => [c.payload.chat_id, c.payload.text, c.payload.disable_notification])).toEqual([
      [ALICE.id, '⏸ Trading HALTED: operator halt by t (cli): test', false],
      [BOB.id, '⏸ Trading HALTED: operator halt by t (cli): test', false],
    ]);
  });

  it('a Bot API that answers 429 is waited out (retry_after) with the notices kept; one that hangs costs the notices, counted as dropped', async () => {
    const { fake, k, clock } = await start('{ fills: on, alerts: off }');
    fake.state.sendMode = '429';
    await openMany(k, 5);
    await until(clock, () => fake.state.sendAttempts >= 2, 100);
    const attempts = fake.state.sendAttempts;
    await clock.advance(4_000);
    await settleIo(clock);
    // No retry before retry_after (5 s) has passed.
    expect(fake.state.sendAttempts).toBe(attempts);
    fake.state.sendMode = 'ok';
    await until(
      clock,
      () => fillsReported(fake, ALICE.id).fills === 5 && fillsReported(fake, BOB.id).fills === 5,
      100,
    );
    expect(rig.bot?.stats.dropped).toBe(0);

    fake.state.sendMode = 'hang';
    await openMany(k, 4);
    const delivered = fake.delivered.length;
    await until(clock, () => (rig.bot?.stats.dropped ?? 0) === 8, 500);
    // Each user's 4 fills were in one message that hung and timed out: dropped, counted.
    expect(rig.bot?.stats.dropped).toBe(8);
    expect(fake.delivered.length).toBe(delivered);
    const metrics = await k.kernel.metrics.registry.metrics();
    expect(metrics).toContain('\nperpflow_telegram_notices_dropped_total 8\n');
    expect(metrics).toContain(`\nperpflow_telegram_messages_sent_total ${delivered}\n`);
  });

  it('sends the daily summary at 00:00 UTC and a heartbeat every heartbeatMinutes, as configured', async () => {
    const { fake, clock } = await start(
      '{ fills: off, alerts: off, dailySummary: on, heartbeat: silent }\n  heartbeatMinutes: 1',
      Date.UTC(2026, 0, 5, 23, 59, 30),
    );
    await until(clock, () => fake.delivered.filter((c) => c.payload.chat_id === ALICE.id).length >= 2, 500);
    const texts = fake.delivered
      .filter((c) => c.payload.chat_id === ALICE.id)
      .map((c) => [c.at, c.payload.text, c.payload.disable_notification]);
    expect(texts[0]?.[0]).toBeGreaterThanOrEqual(Date.UTC(2026, 0, 6));
    expect(texts[0]?.[1]).toMatch(/^Daily summary \(dry-run\)\nrealised \(24 h\) /);
    expect(texts[0]?.[2]).toBe(false);
    expect(texts[1]?.[1]).toBe('♥ tg-test alive · ACTIVE · 1 positions');
    expect(texts[1]?.[2]).toBe(true);
  });
});
