import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { StrategyId } from '../../src/domain/ids.ts';
import { Kernel } from '../../src/kernel/Kernel.ts';
import type { Logger } from '../../src/log/Logger.ts';
import { silentLogger } from '../../src/log/Logger.ts';
import type { Notification } from '../../src/report/notify/Notification.ts';
import { loadConfigWithStrategies } from '../../src/strategy/loadConfigWithStrategies.ts';
import type { VenuePort } from '../../src/venue/VenuePort.ts';
import { openIntent } from '../execution/harness.ts';
import { driveTo } from './support/driveTo.ts';
import { simTestEdges } from './support/simTestEdges.ts';

const WATCH = StrategyId('watch');
const DAY = 86_400_000;

function linesLogger(lines: string[]): Logger {
  const put = (level: string) => (m: string) => void lines.push(`${level} ${m}`);
  return { ...silentLogger, error: put('error'), warn: put('warn'), info: put('info'), debug: put('debug') };
}

/**
 * A sim kernel (BTCUSDT at 50,000, fills after 100 ms) on a virtual clock, with
 * the watcher strategy, `shutdown.drainMs` given; its venue counts the price polls and holds an
 * open's answer `openAnswerMs`.
 */
async function startKernel(o: { readonly drainMs: number; readonly openAnswerMs: number }) {
  // Ten seconds before a UTC midnight, when the daily summary (a scheduled job) fires.
  const start = Date.UTC(2026, 0, 5) - 10_000;
  const dir = mkdtempSync(join(tmpdir(), 'perpflow-kernel-stop-'));
  const file = join(dir, 'k.yaml');
  writeFileSync(
    file,
    `mode: sim
market: { pollIntervalMs: 1000, staleAfterMs: 60000 }
journal: { path: ${join(dir, 'j.sqlite')} }
shutdown: { drainMs: ${o.drainMs} }
risk:
  account: { maxOpenPositions: 3, maxNotionalPerPosition: 100000, maxTotalNotional: 100000, maxLeverage: 5, maxIntentsPerMinute: 100, dailyLossLimit: 1000, maxDrawdownPct: 50 }
strategies:
  - { id: watch, module: ${join(import.meta.dirname, 'fixtures/watcher.ts')}, markets: [BTCUSDT] }
`,
  );
  const loaded = await loadConfigWithStrategies(file);
  const clock = new VirtualClock(start);
  const { sim, edges } = await simTestEdges(loaded.config, {
    clock,
    prices: { BTCUSDT: 50_000 },
    fillMs: 100,
    ephemeral: true,
  });
  let polls = 0;
  const real = edges.venue;
  const venue = new Proxy(real, {
    get(target, prop, receiver) {
      if (prop === 'markPrices')
        return (symbols: Parameters<VenuePort['markPrices']>[0]) => {
          polls++;
          return target.markPrices(symbols);
        };
      if (prop === 'submit')
        return async (group: Parameters<VenuePort['submit']>[0]) => {
          if (group.kind === 'open') await clock.sleep(o.openAnswerMs);
          return target.submit(group);
        };
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const lines: string[] = [];
  const notified: Notification[] = [];
  const kernel = await Kernel.start({
    loaded,
    edges: { ...edges, venue, prices: venue },
    clock,
    log: linesLogger(lines),
    notify: (n) => void notified.push(n),
  });
  /** Stops the kernel on its own clock; resolves with the virtual time the stop took. */
  const stop = async (): Promise<number> => {
    const from = clock.now();
    let stopped = false;
    const stopping = kernel.stop().then(() => {
      stopped = true;
    });
    await clock.runUntil(() => stopped, 120_000);
    await stopping;
    return clock.now() - from;
  };
  return { kernel, sim, clock, start, lines, notified, polls: () => polls, stop };
}

describe("the kernel's stop", () => {
  it('gives a request in flight the configured drain and no more, leaves it UNKNOWN for the next start, and skips the agreement check', async () => {
    const k = await startKernel({ drainMs: 2_000, openAnswerMs: 30_000 });
    void k.kernel.executor.submit(openIntent('stop-in-flight', { strategyId: WATCH }));
    await driveTo(k.clock, k.start + 500);
    expect(k.kernel.executor.journal.nonTerminal().map((r) => r.status)).toEqual(['SUBMITTING']);
    const took = await k.stop();
    k.sim.stop();
    // The drain (2 s) in 50 ms steps, the executor's own drain given only what is left of it.
    expect(took).toBeGreaterThanOrEqual(2_000);
    expect(took).toBeLessThan(2_100);
    const [request] = k.kernel.executor.journal.all();
    expect(request?.status).toBe('UNKNOWN');
    expect(k.lines.filter((l) => / at stop/.test(l))).toEqual([]);
  }, 60_000);

  it('with nothing in flight compares venue and ledger at once, and after it no price poll and no scheduled job runs as time goes on', async () => {
    const k = await startKernel({ drainMs: 2_000, openAnswerMs: 0 });
    // Past the midnight: the daily summary fires once.
    await driveTo(k.clock, k.start + 20_000);
    expect(k.notified.filter((n) => n.kind === 'summary')).toHaveLength(1);
    expect(k.polls()).toBeGreaterThan(0);
    const took = await k.stop();
    expect(took).toBeLessThan(1_000);
    expect(k.lines).toContain('info venue = ledger at stop: flat');
    // The stop's last line, once the lease is released (at debug level).
    expect(k.lines.at(-1)).toBe('debug kernel stopped');
    const polls = k.polls();
    await driveTo(k.clock, k.clock.now() + DAY + 60_000);
    k.sim.stop();
    expect(k.polls()).toBe(polls);
    expect(k.notified.filter((n) => n.kind === 'summary')).toHaveLength(1);
  }, 60_000);
});
