import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { vi } from 'vitest';
import { SystemClock } from '../../src/clock/SystemClock.ts';

/** Helpers of the in-process `runBot` suites (runBot itself, stopped as Ctrl-C does). */

export const FLIPPER = join(import.meta.dirname, '../shadow/fixtures/flipper.ts');
export const quiet = { write: () => true, isTTY: false };

/**
 * A sim bot (the embedded simulator over loopback, as `perpflow run` builds it) that shadows flip
 * on `markets`; `off` (ETHUSDT) disabled unless `off: 'enabled'`. `flip: false` disables flip too, and shadows nothing; `journal` is
 * the config's journal (YAML), a SQLite file in `dir` by default.
 */
export function botIn(
  dir: string,
  extra = '',
  markets = 'BTCUSDT',
  o: { readonly flip?: false; readonly off?: 'enabled'; readonly journal?: string } = {},
): string {
  const file = join(dir, 'bot.yaml');
  const flip = o.flip === false ? 'enabled: false, ' : '';
  writeFileSync(
    file,
    `mode: sim
market: { pollIntervalMs: 200, staleAfterMs: 10000 }
journal: ${o.journal ?? `{ path: ${join(dir, 'j.sqlite')} }`}
logging: { level: debug, file: ${join(dir, 'bot.log')} }
shutdown: { drainMs: 500 }
risk:
  account: { maxOpenPositions: 4, maxNotionalPerPosition: 100000, maxTotalNotional: 200000, maxLeverage: 5, maxIntentsPerMinute: 1000, dailyLossLimit: 100000, maxDrawdownPct: 90 }
strategies:
  - { id: flip, ${flip}module: ${FLIPPER}, markets: [${markets}], params: { every: 4, quantity: 0.01, slippage: 0.0004 } }
  - { id: off, ${o.off === 'enabled' ? '' : 'enabled: false, '}module: ${FLIPPER}, markets: [ETHUSDT], params: { every: 4, quantity: 0.01, slippage: 0.0004 } }
${o.flip === false ? '' : 'shadow: [flip]'}
${extra}`,
  );
  return file;
}

/** The messages of the bot's log file, in order. */
export const messages = (dir: string): string[] =>
  existsSync(join(dir, 'bot.log'))
    ? readFileSync(join(dir, 'bot.log'), 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => (JSON.parse(l) as { message: string }).message)
    : [];

/** Polls (`ms` at most) until `done()`; a real process's pace, so no virtual clock to advance. */
export async function waitFor(done: () => boolean, ms = 120_000): Promise<void> {
  const clock = new SystemClock();
  const until = clock.now() + ms;
  while (!done() && clock.now() < until) await clock.sleep(20);
}

/** Waits (2 min at most) for the bot to announce it trades, then stops it as Ctrl-C does. */
export async function stopOnceTrading(dir: string): Promise<void> {
  await waitFor(() => messages(dir).some((m) => m.startsWith('trading: ')));
  // Past the shadow and console starts, which follow the announcement.
  await new SystemClock().sleep(200);
  process.emit('SIGTERM', 'SIGTERM');
}

/** What the bot writes on stderr, kept from the test's output. */
export function captureStderr(): { readonly text: () => string; readonly restore: () => void } {
  const chunks: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation(((
    chunk: string | Uint8Array,
    ...rest: unknown[]
  ) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
    const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    done?.();
    return true;
  }) as typeof process.stderr.write);
  return { text: () => chunks.join(''), restore: () => spy.mockRestore() };
}

/** A terminal stand-in: everything drawn on it. */
export const tty = () => {
  const drawn: string[] = [];
  return { drawn, out: { write: (s: string) => drawn.push(s) > 0, isTTY: true } };
};

/**
 * A webhook receiver: every body posted, answered with `status`, or never (`'hang'`: then
 * `aborted` counts the requests whose sender gave up on them).
 */
export async function receiver(status: number | 'hang') {
  const bodies: Record<string, unknown>[] = [];
  let aborted = 0;
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => {
      text += c.toString();
    });
    req.on('end', () => {
      bodies.push(JSON.parse(text) as Record<string, unknown>);
      if (status !== 'hang') res.writeHead(status).end();
    });
    res.on('close', () => {
      if (!res.writableEnded) aborted++;
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    bodies,
    aborted: () => aborted,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
