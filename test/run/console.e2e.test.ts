import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { envRef } from '../../src/config/envReference.ts';
import type {
  AuditEntry,
  BarView,
  BotView,
  HostBotView,
  IndicatorSeries,
  PositionView,
  StrategyView,
} from '../../src/operate/api/contract.ts';
import { hashPassword } from '../../src/operate/api/passwordHash.ts';
import { consoleTokenFile } from '../../src/operate/api/serveConsole.ts';
import { poll } from '../console/consoleBot.ts';
import { fastConfig, MAIN, type Proc, perpflow, tempDir, until } from './runHarness.ts';

const exec = promisify(execFile);
const PASSWORD = 'alice-long-console-password-7';
const HOOK = 'https://hooks.example.com/services/T0K3N-e2e-console-3c2b1a';

/** The console's base URL from the start line (it listens on every address: reach it on loopback). */
const consoleBase = (bot: Proc): string => {
  const line = bot.lines.find((l) => / console: http/.test(l)) ?? '';
  return `http://127.0.0.1:${/console: https?:\/\/[^:]+:(\d+)\//.exec(line)?.[1] ?? '0'}`;
};

describe('perpflow run with its console', () => {
  it('refuses to start beyond loopback without users or TLS (exit 2), naming both fixes at their lines', async () => {
    const dir = tempDir();
    const cfg = fastConfig(dir, { mode: 'dry-run', extra: 'console: { host: 0.0.0.0, port: 0 }\n' });
    const bot = perpflow(['run', cfg], process.cwd(), { PERPFLOW_HOST_DIR: join(dir, 'host') });
    expect(await bot.exited).toBe(2);
    const out = bot.lines.join('\n');
    expect(out).toMatch(
      /bot\.yaml:\d+:\d+ console\.users: the console listens beyond loopback \(0\.0\.0\.0\): it needs users/,
    );
    expect(out).toMatch(
      /bot\.yaml:\d+:\d+ console\.host: the console listens beyond loopback \(0\.0\.0\.0\): it needs TLS/,
    );
  }, 30_000);

  it('refuses to start with a TLS certificate it cannot find (exit 2), at console.tls.certFile, before any strategy trades', async () => {
    const dir = tempDir();
    const key = join(import.meta.dirname, '../operate/fixtures/key.pem');
    const missing = join(dir, 'missing.pem');
    const tls = `{ certFile: ${missing}, keyFile: ${key} }`;
    const cfg = fastConfig(dir, { mode: 'dry-run', extra: `console: { port: 0, tls: ${tls} }\n` });
    const bot = perpflow(['run', cfg], process.cwd(), { PERPFLOW_HOST_DIR: join(dir, 'host') });
    expect(await bot.exited).toBe(2);
    const out = bot.lines.join('\n');
    expect(out).toContain(`console.tls.certFile: no file at ${missing}`);
    expect(out).toMatch(/bot\.yaml:\d+:\d+ console\.tls\.certFile/);
    expect(out).not.toMatch(/ trading: /);
  }, 30_000);

  it('behind a TLS proxy: a Secure cookie; a pause drops the next intents and outlives a restart, a close through the API closes and is audited with the user, halt latches; a session outlives the restart; no secret in any response, push message or output', async () => {
    const dir = tempDir();
    const env = {
      PERPFLOW_HOST_DIR: join(dir, 'host'),
      PF_ALICE: await hashPassword(PASSWORD),
      PF_HOOK: HOOK,
    };
    const cfg = fastConfig(dir, {
      mode: 'dry-run',
      extra: `console:
  host: 0.0.0.0
  port: 0
  behindTlsProxy: true
  users: [{ name: alice, role: operator, passwordHash: "${envRef('PF_ALICE')}" }]
notify: { webhooks: [{ url: "${envRef('PF_HOOK')}", format: json }] }
`,
    });
    const seen: string[] = [];
    const start = async () => {
      const bot = perpflow(['run', cfg], process.cwd(), env);
      await until(() => bot.lines.some((l) => / console: http/.test(l)), 45_000, 'the console', bot);
      const base = consoleBase(bot);
      const login = await fetch(`${base}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'alice', password: PASSWORD }),
      });
      const setCookie = login.headers.get('set-cookie') ?? '';
      const { csrfToken } = (await login.json()) as { csrfToken: string };
      const cookie = /perpflow_session=[^;]+/.exec(setCookie)?.[0] ?? '';
      const get = async <T>(path: string): Promise<T> => {
        const text = await (await fetch(`${base}/api/v1/${path}`, { headers: { cookie } })).text();
        seen.push(text);
        return JSON.parse(text) as T;
      };
      const act = async (action: Record<string, unknown>) => {
        const res = await fetch(`${base}/api/v1/actions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
          body: JSON.stringify(action),
        });
        const text = await res.text();
        seen.push(text);
        return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
      };
      return { bot, base, setCookie, cookie, get, act };
    };

    const one = await start();
    expect(one.setCookie).toMatch(/; HttpOnly; Secure; SameSite=Strict$/);
    const token = readFileSync(
      consoleTokenFile(one.bot.child.pid ?? 0, env.PERPFLOW_HOST_DIR),
      'utf8',
    ).trim();
    await until(() => one.bot.count(/ opened BTCUSDT /) >= 1, 45_000, 'a first fill', one.bot);

    const series = await one.get<IndicatorSeries[]>('markets/BTCUSDT/indicators');
    expect(series.map((x) => [x.strategy, x.name])).toEqual([
      ['sma-fast', 'fast'],
      ['sma-fast', 'slow'],
    ]);
    // The chart's bars close on the console's own grace (250 ms) after the strategy heard its bar:
    // wait for the bar a point was plotted at, then each series' latest point is at a bar of the chart.
    const latest = Math.max(...series.map((x) => x.points.at(-1)?.time ?? 0));
    const bars = await poll(
      async () => {
        const got = await one.get<BarView[]>('markets/BTCUSDT/bars');
        return (got.at(-1)?.time ?? 0) >= latest ? got : undefined;
      },
      10_000,
      'the chart bar of the latest plotted point',
    );
    for (const x of series) expect(bars.map((b) => b.time)).toContain(x.points.at(-1)?.time);

    const paused = await one.act({ kind: 'pause', actionId: 'e2e-pause', strategy: 'sma-fast' });
    expect(paused.body).toMatchObject({ status: 'accepted', detail: 'sma-fast paused' });
    const intentsAtPause = (await one.get<StrategyView[]>('strategies'))[0]?.intents ?? -1;
    await poll(
      async () =>
        ((await one.get<StrategyView[]>('strategies'))[0]?.droppedWhilePaused ?? 0) >= 1 || undefined,
      45_000,
      'an intent of the paused strategy, dropped',
    );
    const afterDrop = (await one.get<StrategyView[]>('strategies'))[0];
    expect([afterDrop?.state, afterDrop?.intents]).toEqual(['paused', intentsAtPause]);

    const positions = await one.get<PositionView[]>('positions');
    expect(positions.map((p) => p.market)).toEqual(['BTCUSDT']);
    const close = await one.act({ kind: 'close', actionId: 'e2e-close', market: 'BTCUSDT' });
    expect([close.status, close.body.status, close.body.requests]).toEqual([
      200,
      'accepted',
      ['cr_op_e2e-close'],
    ]);
    await poll(
      async () => (await one.get<PositionView[]>('positions')).length === 0 || undefined,
      30_000,
      'the close',
    );

    // The CLI reaches the same bot through the host registry and its token, and is audited as itself.
    const cli = (args: string[]) =>
      exec(process.execPath, [MAIN, ...args], { env: { ...process.env, ...env } }).then(
        (r) => ({ code: 0, out: r.stdout }),
        (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
      );
    const repeat = await cli(['pause', cfg, 'sma-fast', '--json']);
    expect([repeat.code, JSON.parse(repeat.out).outcome]).toEqual([
      0,
      expect.objectContaining({ status: 'accepted', detail: 'sma-fast was paused already' }),
    ]);
    const cancel = await cli(['cancel', cfg, 'cr_nothing']);
    expect([cancel.code, cancel.out]).toEqual([
      1,
      `cancel by pid ${one.bot.child.pid} (${cfg}): refused: no request cr_nothing\n`,
    ]);

    const log = await one.get<{ level: string; text: string }[]>('log?lines=500');
    expect(log.some((l) => /^console: http/.test(l.text))).toBe(true);

    const halt = await one.act({ kind: 'halt', actionId: 'e2e-halt', reason: 'end of test' });
    expect(halt.body).toMatchObject({ status: 'accepted', detail: 'trading halted' });
    expect((await one.get<BotView>('bot')).tradingState).toBe('HALTED');
    const bots = await one.get<HostBotView[]>('bots');
    expect(bots.map((b) => [b.pid, b.name, b.mode, b.tradingState, b.console === null])).toEqual([
      [one.bot.child.pid, 'bot', 'dry-run', 'halted', false],
    ]);
    const events = await fetch(`${one.base}/api/v1/events`, { headers: { cookie: one.cookie } });
    const reader = (events.body as ReadableStream<Uint8Array>).getReader();
    seen.push(new TextDecoder().decode((await reader.read()).value));
    await reader.cancel();
    one.bot.child.kill('SIGINT');
    expect(await one.bot.exited).toBe(0);

    const status = JSON.parse(
      (
        await exec(process.execPath, [
          MAIN,
          'status',
          '--journal',
          join(dir, 'journal.dry-run.sqlite'),
          '--json',
        ])
      ).stdout,
    ) as { audit: AuditEntry[]; paused: { strategy: string }[] };
    expect(status.audit.map((e) => [e.action.kind, e.actor.name, e.actor.via, e.outcome.status])).toEqual([
      ['halt', 'alice', 'console', 'accepted'],
      ['cancel', userInfo().username, 'cli', 'refused'],
      ['pause', userInfo().username, 'cli', 'accepted'],
      ['close', 'alice', 'console', 'accepted'],
      ['pause', 'alice', 'console', 'accepted'],
    ]);
    expect(status.paused.map((p) => p.strategy)).toEqual(['sma-fast']);

    const two = await start();
    // The first run's session outlives the restart (an open page reconnects without signing in),
    // while the journal keeps only its hash: the cookie itself is in no file.
    const kept = await fetch(`${two.base}/api/v1/session`, { headers: { cookie: one.cookie } });
    expect(((await kept.json()) as { user?: string }).user).toBe('alice');
    const sessionId = one.cookie.split('=')[1] ?? '';
    for (const f of ['journal.dry-run.sqlite', 'journal.dry-run.sqlite-wal'])
      expect(readFileSync(join(dir, f)).includes(sessionId)).toBe(false);
    const again = (await two.get<StrategyView[]>('strategies'))[0];
    expect(again?.state).toBe('paused');
    const bot2 = await two.get<BotView>('bot');
    expect([bot2.tradingState, bot2.stateReason]).toEqual([
      'HALTED',
      'operator halt by alice (console): end of test',
    ]);
    two.bot.child.kill('SIGINT');
    expect(await two.bot.exited).toBe(0);

    const everything = [...seen, ...one.bot.lines, ...two.bot.lines].join('\n');
    for (const secret of [PASSWORD, env.PF_ALICE, HOOK, token])
      expect(everything.includes(secret)).toBe(false);
  }, 180_000);
});
