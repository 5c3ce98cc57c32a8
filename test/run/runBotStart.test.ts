import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { readRecording } from '../../src/kernel/record/readRecording.ts';
import { runBot } from '../../src/kernel/runBot.ts';
import '../setup/hostDir.ts';
import { botIn, FLIPPER, messages, quiet, stopOnceTrading, waitFor } from './inProcessBot.ts';

describe('`perpflow run` in process: the start, and what the recording holds', () => {
  it('a strategy module that does not exist: refused at its line before anything starts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
    const file = botIn(dir);
    const missing = join(dir, 'nowhere.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace(FLIPPER, missing));
    await expect(runBot({ configFile: file, out: quiet })).rejects.toThrow(
      `strategies[0].module: no strategy module at ${missing} (relative to the config file)`,
    );
    expect(messages(dir)).toEqual([]);
  }, 180_000);

  it('every strategy disabled: the bot says it trades no strategies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
    const running = runBot({ configFile: botIn(dir, '', 'BTCUSDT', { flip: false }), out: quiet });
    await stopOnceTrading(dir);
    expect(await running).toBe(0);
    expect(messages(dir)).toContain(`trading: no strategies; journal ${join(dir, 'j.sqlite')}; Ctrl-C stops`);
  }, 180_000);

  it('two strategies enabled: each named with its markets', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
    const running = runBot({ configFile: botIn(dir, '', 'BTCUSDT', { off: 'enabled' }), out: quiet });
    await stopOnceTrading(dir);
    expect(await running).toBe(0);
    expect(messages(dir)).toContain(
      `trading: flip on BTCUSDT; off on ETHUSDT; journal ${join(dir, 'j.sqlite')}; Ctrl-C stops`,
    );
  }, 180_000);

  it('a sim run without webhooks records its intents and a late timer, and its fills notify no one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
    const running = runBot({ configFile: botIn(dir), out: quiet });
    await waitFor(() => messages(dir).some((m) => m.startsWith('opened BTCUSDT ')));
    // The event loop held up 50 ms, as on a loaded host: the timers due meanwhile fire late.
    const clock = new SystemClock();
    const until = clock.now() + 50;
    while (clock.now() < until) {
      // busy: nothing else runs
    }
    await stopOnceTrading(dir);
    expect(await running).toBe(0);
    const [run] = readRecording(join(dir, 'j.sqlite.rec'));
    const kinds = new Set(run?.lines.map((l) => l.k));
    expect(kinds.has('i')).toBe(true);
    expect(kinds.has('l')).toBe(true);
    expect(messages(dir).filter((m) => m.startsWith('stopped: '))).toHaveLength(1);
  }, 180_000);
});
