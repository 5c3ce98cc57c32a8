import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { simEdges } from '../../src/kernel/edges/simEdges.ts';
import type { IndicatorPoint } from '../../src/kernel/indicatorPoint.ts';
import { Kernel } from '../../src/kernel/Kernel.ts';
import { createLogger } from '../../src/log/createLogger.ts';
import { silentLogger } from '../../src/log/Logger.ts';
import { loadConfigWithStrategies } from '../../src/strategy/loadConfigWithStrategies.ts';
import { driveTo } from './support/driveTo.ts';

describe("a running sim bot's indicator points (what the console charts), intents and stop", () => {
  it('carry what sma-cross plots, each at its bar; its intents reach the venue, and the stop finds venue = ledger, naming no strategy idle', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-indicators-'));
    const file = join(dir, 'bot.yaml');
    writeFileSync(
      file,
      `mode: sim
market: { pollIntervalMs: 1000, staleAfterMs: 10000 }
journal: { path: ${join(dir, 'j.sqlite')} }
risk:
  account: { maxOpenPositions: 2, maxNotionalPerPosition: 100000, maxTotalNotional: 200000, maxLeverage: 5, maxIntentsPerMinute: 1000, dailyLossLimit: 100000, maxDrawdownPct: 90 }
strategies:
  - { id: fast, module: sma-cross, interval: 30s, markets: [BTCUSDT], params: { fast: 2, slow: 3, quantity: 0.01 } }
`,
    );
    const loaded = await loadConfigWithStrategies(file);
    const start = Date.UTC(2026, 0, 5);
    const clock = new VirtualClock(start);
    const edges = await simEdges(loaded.config, { clock, log: silentLogger, inProcess: {} });
    const said: { level: string; message: string }[] = [];
    const log = createLogger({
      level: 'info',
      terminal: null,
      clock,
      jsonStreams: [
        new Writable({
          write(chunk, _enc, done) {
            said.push(JSON.parse(String(chunk)));
            done();
          },
        }),
      ],
    });
    const kernel = await Kernel.start({
      loaded,
      edges,
      clock,
      log,
      processMetrics: false,
      gaugesEveryMs: 0,
    });
    const points: IndicatorPoint[] = [];
    const sub = kernel.indicators$.subscribe((p) => points.push(p));
    await driveTo(clock, start + 5 * 60_000);
    sub.unsubscribe();
    const requests = kernel.executor.journal.all().length;
    let stopped = false;
    const stopping = kernel.stop().then(() => {
      stopped = true;
    });
    await clock.runUntil(() => stopped, 120_000);
    await stopping;
    await edges.close();
    await log.close();
    expect(requests).toBeGreaterThan(0);
    expect(said.filter((l) => l.message.startsWith('venue = ledger at stop: '))).toHaveLength(1);
    expect(said.filter((l) => /^(NO_HOOK_RAN|NO_INTENT): /.test(l.message))).toEqual([]);
    expect(points.length).toBeGreaterThan(10);
    expect(new Set(points.map((p) => `${p.strategy} ${p.market} ${p.name}`))).toEqual(
      new Set(['fast BTCUSDT fast', 'fast BTCUSDT slow']),
    );
    // Each at a bar's open time, within the run.
    for (const p of points) {
      expect(p.time % 30_000).toBe(0);
      expect(p.time).toBeGreaterThanOrEqual(start);
      expect(Number.isFinite(p.value)).toBe(true);
    }
  }, 60_000);
});
