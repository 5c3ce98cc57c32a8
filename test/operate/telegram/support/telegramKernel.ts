import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as realWait } from 'node:timers/promises';
import type { VirtualClock } from '../../../../src/clock/VirtualClock.ts';
import { Kernel } from '../../../../src/kernel/Kernel.ts';
import type { Logger } from '../../../../src/log/Logger.ts';
import { startTelegram, type TelegramHandle } from '../../../../src/operate/telegram/startTelegram.ts';
import { loadConfigWithStrategies } from '../../../../src/strategy/loadConfigWithStrategies.ts';
import { simTestEdges } from '../../../kernel/support/simTestEdges.ts';
import type { WatcherKernel } from '../../../kernel/support/watcherKernel.ts';

export const TOKEN = '7000000001:AAtelegramTestTokenAbcdefghijklmnopqr';
export const TOKEN_VAR = 'PERPFLOW_TEST_TELEGRAM_TOKEN';
export const ALICE = { id: 111, username: 'alice' } as const;
export const BOB = { id: 222, username: 'bob' } as const;
export const MALLORY = { id: 999, username: 'mallory' } as const;

/** Log lines by level, for "logged once" and "never a secret in the log". */
export function recordingLogger(lines: string[]): Logger {
  const log: Logger = {
    error: (m) => void lines.push(`error ${m}`),
    warn: (m) => void lines.push(`warn ${m}`),
    info: (m) => void lines.push(`info ${m}`),
    debug: () => {},
    enabled: () => true,
    child: () => log,
    close: async () => {},
  };
  return log;
}

/**
 * A kernel on the in-process simulator (BTCUSDT at 50,000, fills after 100 ms) with a dry run's
 * journal in `dir` (a second start continues it), the `watch` and `once` strategies, and a
 * `telegram:` section naming the fake Bot API: alice (111) operator, bob (222) viewer.
 */
export async function startTelegramKernel(
  clock: VirtualClock,
  dir: string,
  apiRoot: string,
  o: { readonly notify?: string; readonly strategies?: string; readonly risk?: string } = {},
): Promise<WatcherKernel> {
  process.env[TOKEN_VAR] = TOKEN;
  const fixtures = join(import.meta.dirname, '../../../kernel/fixtures');
  const file = join(dir, 'k.yaml');
  writeFileSync(
    file,
    `mode: dry-run
market: { pollIntervalMs: 1000, staleAfterMs: 3000 }
journal: { path: ${join(dir, 'j.sqlite')} }
risk:
  account: { maxOpenPositions: 1000, maxNotionalPerPosition: 100000, maxTotalNotional: 10000000, maxLeverage: 20, maxIntentsPerMinute: 10000, dailyLossLimit: 1000, maxDrawdownPct: 50 }
${o.risk ?? ''}
strategies:
  - { id: watch, module: ${join(fixtures, 'watcher.ts')}, markets: [BTCUSDT] }
${o.strategies ?? `  - { id: once, module: ${join(fixtures, 'opensOnce.ts')}, markets: [BTCUSDT] }`}
telegram:
  botToken: \${env:${TOKEN_VAR}}
  apiRoot: ${apiRoot}
  maxCommandAgeS: 60
  users:
    - { id: ${ALICE.id}, role: operator, name: alice }
    - { id: ${BOB.id}, role: viewer }
  notify: ${o.notify ?? '{ fills: silent }'}
`,
  );
  const loaded = await loadConfigWithStrategies(file);
  const { sim, edges } = await simTestEdges(loaded.config, {
    clock,
    prices: { BTCUSDT: 50_000 },
    fillMs: 100,
    ephemeral: true,
  });
  const kernel = await Kernel.start({ loaded, edges, clock, log: recordingLogger([]) });
  return { kernel, sim, clock };
}

export function startBot(k: Kernel, log: Logger): Promise<TelegramHandle | undefined> {
  return startTelegram(k, {
    log,
    identity: { name: 'tg-test', pid: 1, version: 'test', venue: 'the simulator' },
    secrets: [],
    longPollS: 1,
  });
}

/**
 * Waits for `done` while the bot talks to the fake Bot API over real sockets: the virtual clock
 * moves `stepMs` per round and real time a few ms (bounded: 10 s of real time at most).
 */
export async function until(clock: VirtualClock, done: () => boolean, stepMs = 10): Promise<boolean> {
  for (let i = 0; i < 2_000; i++) {
    if (done()) return true;
    await clock.advance(stepMs);
    await realWait(5);
  }
  return done();
}

/** Lets replies in flight on real sockets arrive without moving the virtual clock (a bounded number of 5 ms rounds). */
export async function settleIo(clock: VirtualClock, rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await clock.advance(0);
    await realWait(5);
  }
}
