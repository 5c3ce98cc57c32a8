import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { renderReport } from '../../src/report/html/renderReport.ts';
import { type Proc, perpflow, until } from '../run/runHarness.ts';

/**
 * A dry run whose two dca strategies buy every other second, with the console on `port` (0: any),
 * and user ada when `passwordHashEnv` names her hash's variable (else no users: the bot prints a link).
 */
export function consoleConfig(dir: string, o: { port: number; passwordHashEnv?: string }): string {
  const path = join(dir, 'bot.yaml');
  writeFileSync(
    path,
    `mode: dry-run
venue: { url: null }
simulator: { seed: 11, fillLatencyMs: { min: 50, max: 150 } }
market: { pollIntervalMs: 200, staleAfterMs: 3000 }
journal: { path: ${join(dir, 'journal.sqlite')} }
risk:
  account: { maxOpenPositions: 500, maxNotionalPerPosition: 100000, maxTotalNotional: 400000, maxLeverage: 5, maxIntentsPerMinute: 600, dailyLossLimit: 100000, maxDrawdownPct: 90 }
strategies:
  - id: dca-btc
    module: dca
    markets: [BTCUSDT]
    params: { cron: '*/2 * * * * *', notional: 400 }
  - id: dca-eth
    module: dca
    markets: [ETHUSDT]
    params: { cron: '*/2 * * * * *', notional: 50 }
logging: { level: info, file: null }
status: { port: 0 }
shutdown: { drainMs: 5000 }
console:
  port: ${o.port}
${o.passwordHashEnv === undefined ? '' : `  users:\n    - { name: ada, role: operator, passwordHash: '\${env:${o.passwordHashEnv}}' }\n`}`,
  );
  return path;
}

export interface ConsoleBot {
  readonly proc: Proc;
  /** The console's address, e.g. http://127.0.0.1:7474/ */
  readonly url: string;
  /** The one-time sign-in link the bot printed (loopback, no users configured). */
  readonly link: string | undefined;
  readonly port: number;
}

const URL_LINE = /console: (https?:\/\/[^\s/]+:(\d+))\/ /;
const LINK = /console login[^:]*: (https?:\/\/\S+token=\S+)/;

/**
 * Starts `perpflow run` in the config's folder (its var/reports/ is the console's reports) and
 * waits for the console's address (and its sign-in link, when it prints one).
 */
export async function startConsoleBot(
  cfg: string,
  env: Record<string, string>,
  o: { link: boolean },
): Promise<ConsoleBot> {
  const proc = perpflow(['run', cfg], dirname(cfg), env);
  const found = (re: RegExp): RegExpExecArray | null => re.exec(proc.lines.find((l) => re.test(l)) ?? '');
  await until(
    () => found(URL_LINE) !== null && (!o.link || found(LINK) !== null),
    30_000,
    'the console',
    proc,
  );
  const m = found(URL_LINE) as RegExpExecArray;
  return { proc, url: `${m[1]}/`, port: Number(m[2]), link: found(LINK)?.[1] };
}

/** SIGTERM, and the exit code. */
export async function stopBot(bot: ConsoleBot): Promise<number | null> {
  if (bot.proc.child.exitCode === null) bot.proc.child.kill('SIGTERM');
  return bot.proc.exited;
}

/** Waits (real time, bounded) until the async `probe` answers something defined; a running bot is not on a virtual clock. */
export async function poll<T>(probe: () => Promise<T | undefined>, ms: number, what: string): Promise<T> {
  const clock = new SystemClock();
  const end = clock.now() + ms;
  for (;;) {
    const got = await probe();
    if (got !== undefined) return got;
    if (clock.now() > end) throw new Error(`timed out waiting for ${what}`);
    await clock.sleep(50);
  }
}

/** A small backtest report, as `perpflow backtest --report` writes it, under `dir`/var/reports/. */
export function writeReport(dir: string, name: string): void {
  const t0 = Date.UTC(2026, 0, 1);
  const bars = Array.from({ length: 50 }, (_, i) => {
    const open = 100 + Math.sin(i / 5) * 3;
    const close = 100 + Math.sin((i + 1) / 5) * 3;
    return {
      time: t0 + i * 3_600_000,
      open,
      high: Math.max(open, close) + 0.5,
      low: Math.min(open, close) - 0.5,
      close,
    };
  });
  mkdirSync(join(dir, 'var/reports'), { recursive: true });
  writeFileSync(
    join(dir, 'var/reports', name),
    renderReport({
      title: 'dca on BTCUSDT',
      subtitle: '50 hourly bars',
      generatedAt: 'generated 2026-01-03 00:00 UTC',
      cards: [{ label: 'Return', value: '+1.0 %', tone: 'good' }],
      markets: [{ symbol: 'BTCUSDT', bars }],
      trades: [],
      equity: bars.map((b) => ({ time: b.time, value: 10_000 + b.close })),
      tables: [],
    }),
  );
}
