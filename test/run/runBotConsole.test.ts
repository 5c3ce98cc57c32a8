import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registeredBots } from '../../src/journal/runningBots.ts';
import { type ConsoleStartContext, runBot } from '../../src/kernel/runBot.ts';
import '../setup/hostDir.ts';
import { botIn, messages, quiet, stopOnceTrading } from './inProcessBot.ts';

/** An API key (`ix.` and 64 hex digits) or a session token (a JWT). */
const kindOf = (s: string): string =>
  /^ix\.[0-9a-f]{64}$/.test(s) ? 'key' : /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/.test(s) ? 'token' : s;

describe('`perpflow run` in process: what the console is handed', () => {
  it("a sim bot's console: the log's tail, live's and the shadow's secrets, the drift; at no URL, not in the registry", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
    const contexts: ConsoleStartContext[] = [];
    const running = runBot({
      configFile: botIn(dir, '', 'BTCUSDT, ETHUSDT'),
      out: quiet,
      startConsole: async (_k, ctx) => {
        contexts.push(ctx);
        return { url: '', close: async () => {} };
      },
    });
    await stopOnceTrading(dir);
    const mine = registeredBots().filter((b) => b.config === join(dir, 'bot.yaml'));
    expect(await running).toBe(0);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.console).toBeUndefined();
    const [ctx] = contexts;
    const trading = `trading: flip on BTCUSDT,ETHUSDT; journal ${join(dir, 'j.sqlite')}; Ctrl-C stops`;
    expect(messages(dir)).toContain(trading);
    // The console's log view: the same lines as the log file.
    const tail = ctx?.logTail.latest(1_000).map((l) => l.text) ?? [];
    expect(tail).toContain(trading);
    expect(tail.filter((m) => m.startsWith('stopped: '))).toHaveLength(1);
    // Live's simulator account's key and token, then the shadow's own: each masked wherever it shows.
    expect(ctx?.secrets.map(kindOf)).toEqual(['key', 'token', 'key', 'token']);
    expect(new Set(ctx?.secrets).size).toBe(4);
  }, 180_000);

  it("a dry run's console: its own secrets alone and no drift (not shadowed); no status endpoint to close", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
    const contexts: ConsoleStartContext[] = [];
    let closed = 0;
    const running = runBot({
      configFile: botIn(dir, 'status: { enabled: false }\n'),
      mode: 'dry-run',
      out: quiet,
      startConsole: async (_k, ctx) => {
        contexts.push(ctx);
        return { url: 'https://127.0.0.1:2', close: async () => void closed++ };
      },
    });
    await stopOnceTrading(dir);
    expect(await running).toBe(0);
    expect(closed).toBe(1);
    expect(contexts[0]?.secrets.map(kindOf)).toEqual(['key', 'token']);
    expect(contexts[0]?.drift).toBeUndefined();
    expect(messages(dir).filter((m) => m.startsWith('stopped: '))).toHaveLength(1);
  }, 180_000);

  it('a console that cannot start in a dry run: its error thrown as is; a halt signal after it finds the bot gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
    await expect(
      runBot({
        configFile: botIn(dir, 'status: { enabled: false }\n'),
        mode: 'dry-run',
        out: quiet,
        startConsole: async () => {
          throw new Error('console: port 8443 is taken');
        },
      }),
    ).rejects.toThrow(/^console: port 8443 is taken$/);
    const said = messages(dir).length;
    // `perpflow halt` of a bot that has ended: nothing happens (the journal and the log are closed).
    expect(process.emit('SIGUSR2', 'SIGUSR2')).toBe(true);
    expect(messages(dir)).toHaveLength(said);
  }, 180_000);

  it('a stop that fails is logged as such, and the bot still ends its run with its summary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
    const running = runBot({
      configFile: botIn(dir),
      out: quiet,
      startConsole: async (k) => {
        // A fault at the very end of the kernel's stop (a journal whose last write fails).
        const stop = k.stop.bind(k);
        k.stop = async () => {
          await stop();
          throw new Error('journal: disk I/O error');
        };
        return undefined;
      },
    });
    await stopOnceTrading(dir);
    expect(await running).toBe(0);
    const said = messages(dir);
    expect(said).toContain('stop failed: journal: disk I/O error');
    expect(said.findIndex((m) => m.startsWith('stop failed: '))).toBeLessThan(
      said.findIndex((m) => m.startsWith('stopped: ')),
    );
  }, 180_000);
});
