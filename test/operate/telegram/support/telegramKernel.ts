import { setTimeout as realWait } from 'node:timers/promises';
import type { VirtualClock } from '../../../../src/clock/VirtualClock.ts';
import type { Kernel } from '../../../../src/kernel/Kernel.ts';
import type { Logger } from '../../../../src/log/Logger.ts';
import { startTelegram, type TelegramHandle } from '../../../../src/operate/telegram/startTelegram.ts';
import { startOperatorKernel } from '../../../kernel/support/operatorKernel.ts';
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
 * The operator kernel (test/kernel/support/operatorKernel.ts) with room to trade in bulk (1,000
 * positions, 10,000 intents a minute) and a `telegram:` section naming the fake Bot API: alice
 * (111) operator, bob (222) viewer. `o.strategies` replaces the `once` strategy's line.
 */
export async function startTelegramKernel(
  clock: VirtualClock,
  dir: string,
  apiRoot: string,
  o: { readonly notify?: string; readonly strategies?: string } = {},
): Promise<WatcherKernel> {
  process.env[TOKEN_VAR] = TOKEN;
  return startOperatorKernel(
    clock,
    dir,
    `telegram:
  botToken: \${env:${TOKEN_VAR}}
  apiRoot: ${apiRoot}
  maxCommandAgeS: 60
  users:
    - { id: ${ALICE.id}, role: operator, name: alice }
    - { id: ${BOB.id}, role: viewer }
  notify: ${o.notify ?? '{ fills: silent }'}
`,
    {
      account:
        '{ maxOpenPositions: 1000, maxNotionalPerPosition: 100000, maxTotalNotional: 10000000, maxLeverage: 20, maxIntentsPerMinute: 10000, dailyLossLimit: 1000, maxDrawdownPct: 50 }',
      ...(o.strategies === undefined ? {} : { strategies: o.strategies }),
      log: recordingLogger([]),
    },
  );
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
