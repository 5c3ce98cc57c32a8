import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { registeredBots } from '../../src/journal/runningBots.ts';
import { readRecording } from '../../src/kernel/record/readRecording.ts';
import { type ConsoleStartContext, runBot } from '../../src/kernel/runBot.ts';
import '../setup/hostDir.ts';
import { botIn, captureStderr, messages, quiet, receiver, stopOnceTrading, tty } from './inProcessBot.ts';

describe('`perpflow run` in process: a sim bot with a shadow, a recording and a console', () => {
  it('records, starts the shadow and the console beside live, and at SIGTERM stops them in order, exit code 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
    const contexts: ConsoleStartContext[] = [];
    const registered: (string | undefined)[] = [];
    const drifted: string[][] = [];
    let closed = 0;
    const drawn: string[] = [];
    const running = runBot({
      configFile: botIn(dir),
      // Not a terminal: no view drawn on it.
      out: { write: (s: string) => drawn.push(s) > 0, isTTY: false },
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
    expect(drawn).toEqual([]);
    expect(mine().map((b) => b.stopped)).toEqual([true]);
    const said = messages(dir);
    expect(said).toContain(`trading: flip on BTCUSDT; journal ${join(dir, 'j.sqlite')}; Ctrl-C stops`);
    expect(said).toContain('SIGTERM: stopping — no new intents; in-flight requests get 500 ms');
    expect(said.filter((m) => m.startsWith('stopped: '))).toEqual([
      expect.stringMatching(
        /^stopped: \d+ open positions, realised -?\d+\.\d\d, fees \d+\.\d\d; \d+ requests to settle at the next start$/,
      ),
    ]);
    // A sim run: the venue named, recorded (no "not recorded" warning), nothing set aside.
    expect(said.filter((m) => m.startsWith('perpflow sim: '))).toHaveLength(1);
    expect(said.filter((m) => m.startsWith('record.enabled: ') || m.startsWith('--fresh: '))).toEqual([]);
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

describe('`perpflow run` in process: what the operator sees', () => {
  it('--json: every line on stderr is a JSON log record, and no view is drawn on the terminal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
    const screen = tty();
    const err = captureStderr();
    try {
      // A sim run asked to record, and recorded: no "not recorded" warning.
      const running = runBot({
        configFile: botIn(dir, 'record: { enabled: true }\n'),
        out: screen.out,
        json: true,
      });
      await stopOnceTrading(dir);
      expect(await running).toBe(0);
    } finally {
      err.restore();
    }
    expect(screen.drawn).toEqual([]);
    const lines = err
      .text()
      .split('\n')
      .filter((l) => l !== '');
    const said = lines.map((l) => (JSON.parse(l) as { message: string }).message);
    expect(said).toContain(`trading: flip on BTCUSDT; journal ${join(dir, 'j.sqlite')}; Ctrl-C stops`);
    expect(said.filter((m) => m.startsWith('stopped: '))).toHaveLength(1);
    expect(said.filter((m) => m.startsWith('record.enabled'))).toEqual([]);
  }, 180_000);

  it('on a terminal: the view is drawn, log lines held back while it draws, the stop summary printed below its last frame', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
    const screen = tty();
    const err = captureStderr();
    try {
      // A dry run, not recorded and not asked to be: no `record.enabled` warning either.
      const running = runBot({ configFile: botIn(dir), out: screen.out, mode: 'dry-run' });
      await stopOnceTrading(dir);
      expect(await running).toBe(0);
    } finally {
      err.restore();
    }
    // A frame of the dashboard, then the line that ends the view (the cursor shown again, a newline).
    expect(screen.drawn.some((s) => s.includes('BTCUSDT'))).toBe(true);
    expect(screen.drawn.slice(-2)).toEqual(['\x1b[?25h', '\n']);
    const shown = err.text();
    expect(shown).not.toContain('trading: flip on BTCUSDT');
    expect(shown).toContain('SIGTERM: stopping — no new intents');
    expect(shown).toMatch(/stopped: \d+ open positions/);
    expect(messages(dir).filter((m) => m.startsWith('record.enabled'))).toEqual([]);
    expect(messages(dir).filter((m) => m.startsWith('perpflow dry-run: '))).toHaveLength(1);
    expect(() => JSON.parse(shown.split('\n')[0] ?? '')).toThrow();
  }, 180_000);

  it('posts each fill to its webhooks in their formats, and logs a webhook that refuses it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
    const slack = await receiver(200);
    const refusing = await receiver(400);
    const running = runBot({
      configFile: botIn(
        dir,
        `notify: { webhooks: [{ url: "${slack.url}", format: slack }, { url: "${refusing.url}" }] }\n`,
      ),
      out: quiet,
    });
    const clock = new SystemClock();
    const until = clock.now() + 60_000;
    while (slack.bodies.length === 0 && clock.now() < until) await clock.sleep(20);
    await stopOnceTrading(dir);
    expect(await running).toBe(0);
    slack.close();
    refusing.close();
    // Slack's shape to the first (not the json its plain URL would get), json to the second.
    expect(slack.bodies.length).toBeGreaterThan(0);
    expect(Object.keys(slack.bodies[0] ?? {})).toEqual(['text']);
    expect(refusing.bodies.length).toBeGreaterThan(0);
    expect(Object.keys(refusing.bodies[0] ?? {})).toContain('notification');
    expect(messages(dir).some((m) => m.startsWith(`webhook 127.0.0.1:${refusing.port}: `))).toBe(true);
    expect(messages(dir).some((m) => m.startsWith(`webhook 127.0.0.1:${slack.port}: `))).toBe(false);
  }, 180_000);

  it("--fresh: the last session's journal and shadow journal kept aside, named in the log, the run starting over", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
    for (let run = 0; run < 2; run++) {
      const plain = runBot({ configFile: botIn(dir), out: quiet });
      await stopOnceTrading(dir);
      expect(await plain).toBe(0);
    }
    // Without --fresh the journal is the last session's, kept where it is.
    expect(messages(dir).filter((m) => m.startsWith('--fresh: '))).toEqual([]);
    const before = messages(dir).length;
    const second = runBot({ configFile: botIn(dir), out: quiet, fresh: true });
    await stopOnceTrading(dir);
    expect(await second).toBe(0);
    const kept = messages(dir)
      .slice(before)
      .filter((m) => m.startsWith('--fresh: kept the previous state as '))
      .map((m) => m.slice('--fresh: kept the previous state as '.length));
    expect(kept).toContainEqual(expect.stringMatching(new RegExp(`^${join(dir, 'j.sqlite')}\\.\\d`)));
    expect(kept.length).toBeGreaterThan(1);
    for (const f of kept) expect(existsSync(f)).toBe(true);
  }, 180_000);

  it('a market the simulator does not list: refused before the kernel starts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-runbot-'));
    await expect(runBot({ configFile: botIn(dir, '', 'ZZZUSDT'), out: quiet })).rejects.toThrow(
      'strategies[0].markets[0]: the simulator does not list market ZZZUSDT',
    );
    expect(messages(dir)).toContain(`recording to ${join(dir, 'j.sqlite.rec')} (perpflow replay)`);
    expect(messages(dir).some((m) => m.startsWith('trading: '))).toBe(false);
  }, 180_000);
});
