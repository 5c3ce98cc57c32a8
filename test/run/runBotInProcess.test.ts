import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { registeredBots } from '../../src/journal/runningBots.ts';
import { readRecording } from '../../src/kernel/record/readRecording.ts';
import { type ConsoleStartContext, runBot } from '../../src/kernel/runBot.ts';
import '../setup/hostDir.ts';

const FLIPPER = join(import.meta.dirname, '../shadow/fixtures/flipper.ts');
const quiet = { write: () => true, isTTY: false };

/** A sim bot (the embedded simulator over loopback, as `perpflow run` builds it) that shadows flip. */
function botIn(dir: string, extra = ''): string {
  const file = join(dir, 'bot.yaml');
  writeFileSync(
    file,
    `mode: sim
market: { pollIntervalMs: 200, staleAfterMs: 10000 }
journal: { path: ${join(dir, 'j.sqlite')} }
logging: { level: debug, file: ${join(dir, 'bot.log')} }
shutdown: { drainMs: 500 }
risk:
  account: { maxOpenPositions: 4, maxNotionalPerPosition: 100000, maxTotalNotional: 200000, maxLeverage: 5, maxIntentsPerMinute: 1000, dailyLossLimit: 100000, maxDrawdownPct: 90 }
strategies:
  - { id: flip, module: ${FLIPPER}, markets: [BTCUSDT], params: { every: 4, quantity: 0.01, slippage: 0.0004 } }
shadow: [flip]
${extra}`,
  );
  return file;
}

const messages = (dir: string): string[] =>
  existsSync(join(dir, 'bot.log'))
    ? readFileSync(join(dir, 'bot.log'), 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => (JSON.parse(l) as { message: string }).message)
    : [];

/** Waits (2 min at most) for the bot to announce it trades, then stops it as Ctrl-C does. */
async function stopOnceTrading(dir: string): Promise<void> {
  const clock = new SystemClock();
  const until = clock.now() + 120_000;
  while (!messages(dir).some((m) => m.startsWith('trading: ')) && clock.now() < until) await clock.sleep(20);
  // Past the shadow and console starts, which follow the announcement.
  await clock.sleep(200);
  process.emit('SIGTERM', 'SIGTERM');
}

describe('`perpflow run` in process: a sim bot with a shadow, a recording and a console', () => {
  it('records, starts the shadow and the console beside live, and at SIGTERM stops them in order, exit code 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
    const contexts: ConsoleStartContext[] = [];
    const registered: (string | undefined)[] = [];
    const drifted: string[][] = [];
    let closed = 0;
    const running = runBot({
      configFile: botIn(dir),
      out: quiet,
      startConsole: async (_k, ctx) => {
        // Still unregistered here: the registry names the console once it is up.
        contexts.push(ctx);
        drifted.push(ctx.drift?.().strategies.map((s) => s.strategyId) ?? []);
        return { url: 'https://127.0.0.1:1', close: async () => void closed++ };
      },
    });
    await stopOnceTrading(dir);
    const mine = () => registeredBots().filter((b) => b.config === join(dir, 'bot.yaml'));
    registered.push(...mine().map((b) => b.console));
    expect(await running).toBe(0);
    // `perpflow halt` found it, with its console, while it ran; marked stopped after.
    expect(registered).toEqual(['https://127.0.0.1:1']);
    expect(mine().map((b) => b.stopped)).toEqual([true]);
    const said = messages(dir);
    expect(said).toContain(`trading: flip on BTCUSDT; journal ${join(dir, 'j.sqlite')}; Ctrl-C stops`);
    expect(said).toContain('SIGTERM: stopping — no new intents; in-flight requests get 500 ms');
    expect(said.filter((m) => m.startsWith('stopped: '))).toEqual([
      expect.stringMatching(
        /^stopped: \d+ open positions, realised -?\d+\.\d\d, fees \d+\.\d\d; \d+ requests to settle at the next start$/,
      ),
    ]);
    const rec = join(dir, 'j.sqlite.rec');
    expect(said).toContain(`recording to ${rec} (perpflow replay)`);
    expect(said.filter((m) => m.startsWith('shadowing flip: journal '))).toHaveLength(1);
    // The console was told the venue, every secret (live's and the shadow's) and the drift.
    expect(contexts).toHaveLength(1);
    expect(contexts[0]?.venue).toMatch(/^sim: /);
    expect(contexts[0]?.secrets.length).toBeGreaterThan(1);
    expect(drifted).toEqual([['flip']]);
    // At the stop: the shadow's drift logged before live stops; the console closed.
    const at = (p: string) => said.findIndex((m) => m.startsWith(p));
    expect(at('SIGTERM: stopping')).toBeGreaterThan(-1);
    expect(at('SIGTERM: stopping')).toBeLessThan(at('drift       live against its shadow'));
    expect(at('drift       live against its shadow')).toBeLessThan(at('stopped: '));
    expect(closed).toBe(1);
    // The recording ends with the orderly stop, readable to its end.
    const [run] = readRecording(rec);
    expect(run?.stoppedAt).toBeDefined();
  }, 180_000);

  it('a console that cannot start stops the bot before it trades on: the error thrown, the shadow and recording closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
    await expect(
      runBot({
        configFile: botIn(dir),
        out: quiet,
        startConsole: async () => {
          throw new Error('console: the TLS key file cannot be read');
        },
      }),
    ).rejects.toThrow('console: the TLS key file cannot be read');
    const said = messages(dir);
    expect(said.some((m) => m.startsWith('drift       live against its shadow'))).toBe(true);
    expect(readRecording(join(dir, 'j.sqlite.rec'))[0]?.lines.length).toBeGreaterThan(0);
  }, 180_000);

  it('a dry run with record.enabled: true says it is not recorded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
    const running = runBot({
      configFile: botIn(dir, 'record: { enabled: true }\n'),
      mode: 'dry-run',
      out: quiet,
    });
    await stopOnceTrading(dir);
    expect(await running).toBe(0);
    expect(messages(dir)).toContain(
      'record.enabled: a dry-run run is not recorded (only live and sim are: `perpflow replay`)',
    );
    expect(existsSync(join(dir, 'j.sqlite.rec'))).toBe(false);
  }, 180_000);
});
