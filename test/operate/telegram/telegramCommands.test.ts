import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../src/clock/VirtualClock.ts';
import { StrategyId } from '../../../src/domain/ids.ts';
import type { WatcherKernel } from '../../kernel/support/watcherKernel.ts';
import { type FakeBotApi, fakeBotApi, type TgUser } from './support/fakeBotApi.ts';
import {
  ALICE,
  BOB,
  MALLORY,
  recordingLogger,
  startBot,
  startTelegramKernel,
  TOKEN,
  until,
} from './support/telegramKernel.ts';
import { telegramRig } from './support/telegramRig.ts';

let api: FakeBotApi;
const rig = telegramRig();
let clock: VirtualClock;
const logLines: string[] = [];

beforeEach(async () => {
  logLines.length = 0;
  clock = new VirtualClock(Date.UTC(2026, 0, 5));
  api = await fakeBotApi(TOKEN);
  rig.api = api;
  const running = await startTelegramKernel(clock, mkdtempSync(join(tmpdir(), 'perpflow-tg-')), api.apiRoot);
  rig.running = running;
  const { kernel } = running;
  await clock.runUntil(() => kernel.executor.ledger.openLots(StrategyId('once')).length === 1, 30_000);
  rig.bot = await startBot(kernel, recordingLogger(logLines));
  await clock.advance(1_000); // past the second it started in (a command from then may predate it)
});

const nowS = () => Math.floor(clock.now() / 1000);

/** Sends `text` as `user` now and answers the bot's reply (undefined if none came). */
async function ask(user: TgUser, text: string, dateS = nowS()): Promise<string | undefined> {
  const before = api.texts().length;
  api.send(user, text, dateS);
  await until(clock, () => api.texts().length > before && api.fetchedAll());
  return api.texts()[before];
}

/** The callback data of the last confirmation's button (`y:` confirm, `n:` cancel). */
function button(which: 'y' | 'n'): string {
  const last = api.calls.filter((c) => c.method === 'sendMessage').at(-1);
  const markup = last?.payload.reply_markup as { inline_keyboard: { callback_data: string }[][] } | undefined;
  const data = markup?.inline_keyboard
    .flat()
    .find((b) => b.callback_data.startsWith(`${which}:`))?.callback_data;
  if (data === undefined) throw new Error('no confirmation button');
  return data;
}

const answers = () => api.calls.filter((c) => c.method === 'answerCallbackQuery');

/** Presses a button as `user`; answers the message's new text, if it was edited. */
async function press(user: TgUser, data: string): Promise<string | undefined> {
  const before = api.texts().length;
  const answered = answers().length;
  api.press(user, data);
  await until(clock, () => answers().length > answered);
  return api.texts()[before];
}

describe('telegram commands', () => {
  it('answers every read command in a few short lines, to an operator and a viewer alike', async () => {
    expect(await ask(ALICE, '/status')).toBe(
      'tg-test · dry-run · ACTIVE\nequity -0.55\npositions 1\nopen requests 0',
    );
    expect(await ask(ALICE, '/positions')).toBe(
      'BTCUSDT LONG 0.01 @ 50010.00\n  mark 50000.00 · uPnL -0.10 · once',
    );
    expect(await ask(BOB, '/profit')).toBe(
      'realised +0.00\nunrealised -0.10\nfees 0.45 · funding +0.00\nnet -0.55',
    );
    expect(await ask(BOB, '/daily')).toBe(
      'Daily summary (dry-run)\nrealised (24 h) 0.00, fees (24 h) 0.45\nopen positions 1, unrealised -0.10, notional 500.00\ntrading active',
    );
    expect(await ask(BOB, '/balance')).toBe(
      'equity -0.55 (since the journal began)\nopen notional 500.00\npositions 1',
    );
    expect(await ask(BOB, '/strategies')).toBe('watch: running · 0 intents\nonce: running · 1 intents');
    expect(await ask(BOB, '/help')).toBe(
      'Reads:\n/status /positions /profit\n/daily /balance /strategies\nYou are a viewer: reads only.',
    );
    expect(await ask(ALICE, '/help@perpflow_test_bot')).toBe(
      'Reads:\n/status /positions /profit\n/daily /balance /strategies\nActs (each asks you to confirm):\n/halt [reason] · /resume\n/pause STRATEGY · /unpause STRATEGY\n/close MARKET · /close all\n/cancel REQUEST',
    );
    // A phone's width: no line wider than 64 characters, no reply longer than 12 lines.
    for (const t of api.texts()) {
      expect(t.split('\n').length).toBeLessThanOrEqual(12);
      for (const line of t.split('\n')) expect(line.length).toBeLessThanOrEqual(64);
    }
  });

  it('a confirmed /close closes the position at the venue, audited with the Telegram user', async () => {
    const { kernel } = rig.running as WatcherKernel;
    expect(await ask(ALICE, '/close btcusdt')).toBe('Close every position on BTCUSDT?');
    expect(kernel.executor.ledger.openLots()).toHaveLength(1);
    expect(await press(ALICE, button('y'))).toMatch(
      /^Close every position on BTCUSDT\?\n✅ Done(: .*)?\nrequests: \S+$/,
    );
    await clock.runUntil(() => kernel.executor.ledger.openLots().length === 0, 30_000);
    const atVenue = await kernel.executor.venue.positions();
    expect(atVenue.filter((p) => p.status === 'OPENED')).toEqual([]);
    const [entry] = kernel.operator.audit();
    expect({ kind: entry?.action.kind, actor: entry?.actor, status: entry?.outcome.status }).toEqual({
      kind: 'close',
      actor: { via: 'telegram', name: 'tg:111 @alice', from: 'chat 111' },
      status: 'accepted',
    });
  });

  it('each acting command asks first and does nothing until confirmed; cancel and a second press do nothing', async () => {
    const { kernel } = rig.running as WatcherKernel;
    const asks: [string, string][] = [
      ['/halt lunch', 'Halt trading (lunch)? New opens stop; closes still pass.'],
      ['/resume', 'Resume trading?'],
      ['/pause once', 'Pause strategy once? Its intents are dropped until /unpause.'],
      ['/unpause once', 'Unpause strategy once?'],
      ['/close all', 'Close ALL positions?'],
      ['/cancel rq_1', 'Cancel request rq_1?'],
    ];
    for (const [command, question] of asks) expect(await ask(ALICE, command)).toBe(question);
    expect(await ask(ALICE, '/pause')).toBe('Usage: /pause STRATEGY (see /strategies)');
    expect(kernel.operator.audit()).toEqual([]);

    await ask(ALICE, '/halt');
    const yes = button('y');
    expect(await press(ALICE, button('n'))).toBe('Cancelled: nothing was done.');
    await press(ALICE, yes);
    expect(answers().at(-1)?.payload.text).toBe('This button has expired or was already used.');
    expect(kernel.executor.gate.state).toBe('active');
    expect(kernel.operator.audit()).toEqual([]);

    await ask(ALICE, '/pause once');
    expect(await press(ALICE, button('y'))).toBe(
      'Pause strategy once? Its intents are dropped until /unpause.\n✅ Done: once paused',
    );
    expect(kernel.operator.pauses.isPaused('once')).toBe(true);
  });

  it("refuses a viewer's /halt, and their press of an operator's button", async () => {
    const { kernel } = rig.running as WatcherKernel;
    expect(await ask(BOB, '/halt')).toBe('⛔ Refused: your role is viewer (reads only).');
    await ask(ALICE, '/halt');
    await press(BOB, button('y'));
    expect(answers().at(-1)?.payload.text).toBe('Refused: your role is viewer.');
    expect(kernel.executor.gate.state).toBe('active');
    expect(kernel.operator.audit()).toEqual([]);
  });

  it('ignores an unlisted user: no reply, counted, logged once', async () => {
    const { kernel } = rig.running as WatcherKernel;
    api.send(MALLORY, '/status', nowS());
    api.send(MALLORY, '/close all', nowS());
    api.press(MALLORY, 'y:tg-anything');
    await until(clock, () => api.fetchedAll());
    expect(await ask(ALICE, '/strategies')).toBe('watch: running · 0 intents\nonce: running · 1 intents');
    expect(api.calls.filter((c) => c.payload.chat_id === MALLORY.id)).toEqual([]);
    expect(rig.bot?.front.ignored).toBe(3);
    expect(await kernel.metrics.registry.metrics()).toContain(
      '\nperpflow_telegram_ignored_updates_total 3\n',
    );
    expect(logLines.filter((l) => l.includes(String(MALLORY.id)))).toEqual([
      'warn telegram: ignored an update from user 999 (not allowed here); logged once per user',
    ]);
    expect(kernel.executor.ledger.openLots()).toHaveLength(1);
  });

  it('refuses a command older than maxCommandAgeS with a reply that says so, and does not do it', async () => {
    const { kernel } = rig.running as WatcherKernel;
    await clock.advance(120_000);
    expect(await ask(ALICE, '/halt', nowS() - 61)).toBe(
      'Not done: this command is 61 s old (the limit is 60 s). Send it again.',
    );
    expect(await ask(ALICE, '/status', nowS() - 60)).toMatch(/^tg-test · dry-run · ACTIVE/);
    expect(api.calls.some((c) => c.payload.reply_markup !== undefined)).toBe(false);
    expect(kernel.executor.gate.state).toBe('active');
  });

  it('a confirmation button expires after maxCommandAgeS', async () => {
    const { kernel } = rig.running as WatcherKernel;
    await ask(ALICE, '/halt');
    const yes = button('y');
    await clock.advance(61_000);
    await press(ALICE, yes);
    expect(answers().at(-1)?.payload.text).toBe('This button has expired or was already used.');
    expect(kernel.executor.gate.state).toBe('active');
  });

  it('no message and no log line holds the bot token, even when a command echoes it', async () => {
    expect(await ask(ALICE, `/halt ${TOKEN}`)).toBe(
      'Halt trading (7000…opqr)? New opens stop; closes still pass.',
    );
    for (const t of [...api.texts(), ...logLines]) expect(t).not.toContain(TOKEN);
    expect(logLines.some((l) => l.includes('a secret was about to leave in sendMessage'))).toBe(true);
  });
});
