import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { runBot } from '../../src/kernel/runBot.ts';
import { createSimulator } from '../../src/simulator/createSimulator.ts';
import { defaultMarkets } from '../../src/simulator/markets.ts';
import { bootstrapAccount } from '../../src/simulator/testing/bootstrapAccount.ts';
import '../setup/hostDir.ts';
import { messages, quiet, stopOnceTrading } from './inProcessBot.ts';

/** A live bot's config on a simulator that listens on loopback, its key and subaccount from the env. */
function liveBotIn(dir: string, url: string, market: string): string {
  const file = join(dir, 'live.yaml');
  writeFileSync(
    file,
    `mode: live
venue: { url: "${url}", apiKey: "\${env:PF_INPROC_KEY}", subaccount: "\${env:PF_INPROC_SUB}" }
market: { pollIntervalMs: 200, staleAfterMs: 10000 }
journal: { path: ${join(dir, 'j.sqlite')} }
logging: { level: debug, file: ${join(dir, 'bot.log')} }
shutdown: { drainMs: 500 }
risk:
  account: { maxOpenPositions: 2, maxNotionalPerPosition: 500, maxTotalNotional: 1000, maxLeverage: 3, maxIntentsPerMinute: 30, dailyLossLimit: 100, maxDrawdownPct: 10 }
strategies:
  - { id: sma, module: sma-cross, markets: [${market}], interval: 1s, params: { fast: 2, slow: 3, notional: 100 } }
`,
  );
  return file;
}

describe('`perpflow run` in process: a live bot on a simulator over loopback', () => {
  it('names the venue by its host when it does not list a market; --allow-shared-account says loudly that the account is not locked', async () => {
    const sim = createSimulator({ clock: new SystemClock(), seed: 11 });
    const server = await sim.listen({ port: 0, host: '127.0.0.1' });
    try {
      const acc = await bootstrapAccount(fetch, {
        baseUrl: server.url,
        wallet: '0x00000000000000000000000000000000000000d1',
      });
      process.env.PF_INPROC_KEY = acc.apiKey;
      process.env.PF_INPROC_SUB = acc.subaccount;
      const host = new URL(server.url).host;
      const unlisted = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
      await expect(
        runBot({ configFile: liveBotIn(unlisted, server.url, 'ZZZUSDT'), out: quiet }),
      ).rejects.toThrow(`strategies[0].markets[0]: the venue at ${host} does not list market ZZZUSDT`);
      const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
      const running = runBot({
        configFile: liveBotIn(dir, server.url, 'BTCUSDT'),
        out: quiet,
        allowSharedAccount: true,
      });
      await stopOnceTrading(dir);
      expect(await running).toBe(0);
      expect(
        messages(dir).filter((m) => m.startsWith('--allow-shared-account: NOT locking the venue account ')),
      ).toHaveLength(1);
      // Without the flag the account is locked, and nothing said of it.
      const locked = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
      const plain = runBot({ configFile: liveBotIn(locked, server.url, 'BTCUSDT'), out: quiet });
      await stopOnceTrading(locked);
      expect(await plain).toBe(0);
      expect(messages(locked).filter((m) => m.startsWith('--allow-shared-account'))).toEqual([]);
    } finally {
      delete process.env.PF_INPROC_KEY;
      delete process.env.PF_INPROC_SUB;
      await server.close();
      sim.stop();
    }
  }, 180_000);
});

describe('`perpflow run --dry-run` in process: a live config, its prices from the real venue', () => {
  it('refuses a market the simulator that fills it does not list, naming the simulator, not the venue by its host', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
    // Never called: the markets are checked before the first price is read.
    process.env.PF_INPROC_KEY = `ix.${'ab'.repeat(32)}`;
    process.env.PF_INPROC_SUB = '0x00000000000000000000000000000000000000d2';
    try {
      await expect(
        runBot({
          configFile: liveBotIn(dir, 'https://venue.example:8443', 'ZZZUSDT'),
          out: quiet,
          mode: 'dry-run',
        }),
      ).rejects.toThrow('strategies[0].markets[0]: the simulator does not list market ZZZUSDT');
    } finally {
      delete process.env.PF_INPROC_KEY;
      delete process.env.PF_INPROC_SUB;
    }
    expect(messages(dir).some((m) => m.startsWith('trading: '))).toBe(false);
  }, 180_000);

  it('refuses a market the real venue it reads prices from does not list, naming that venue, before trading', async () => {
    // The real venue lists every market of the embedded simulator's catalog but SOLUSDT.
    const markets = defaultMarkets().filter((m) => m.spec.symbol !== 'SOLUSDT');
    const venue = createSimulator({ clock: new SystemClock(), seed: 12, markets });
    const server = await venue.listen({ port: 0, host: '127.0.0.1' });
    try {
      const acc = await bootstrapAccount(fetch, {
        baseUrl: server.url,
        wallet: '0x00000000000000000000000000000000000000d3',
      });
      process.env.PF_INPROC_KEY = acc.apiKey;
      process.env.PF_INPROC_SUB = acc.subaccount;
      const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
      await expect(
        runBot({ configFile: liveBotIn(dir, server.url, 'SOLUSDT'), out: quiet, mode: 'dry-run' }),
      ).rejects.toThrow(
        `strategies[0].markets[0]: the venue at ${new URL(server.url).host} does not list market SOLUSDT`,
      );
      expect(messages(dir).some((m) => m.startsWith('trading: '))).toBe(false);
      // A market both list trades.
      const listed = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
      const running = runBot({
        configFile: liveBotIn(listed, server.url, 'BTCUSDT'),
        out: quiet,
        mode: 'dry-run',
      });
      await stopOnceTrading(listed);
      expect(await running).toBe(0);
      expect(messages(listed)).toContain(
        `perpflow dry-run: dry run: prices from ${new URL(server.url).host}, fills by the simulator in process`,
      );
    } finally {
      delete process.env.PF_INPROC_KEY;
      delete process.env.PF_INPROC_SUB;
      await server.close();
      venue.stop();
    }
  }, 180_000);
});
