import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { simEdges } from '../../src/kernel/edges/simEdges.ts';
import type { IndicatorPoint } from '../../src/kernel/indicatorPoint.ts';
import { Kernel } from '../../src/kernel/Kernel.ts';
import { silentLogger } from '../../src/log/Logger.ts';
import { loadConfigWithStrategies } from '../../src/strategy/loadConfigWithStrategies.ts';
import { driveTo } from './support/driveTo.ts';

describe("a running bot's indicator points (what the console charts)", () => {
  it('carry what its strategies plot, each at its bar: sma-cross its two averages once they are ready', async () => {
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
    const kernel = await Kernel.start({
      loaded,
      edges,
      clock,
      log: silentLogger,
      processMetrics: false,
      gaugesEveryMs: 0,
    });
    const points: IndicatorPoint[] = [];
    const sub = kernel.indicators$.subscribe((p) => points.push(p));
    await driveTo(clock, start + 5 * 60_000);
    sub.unsubscribe();
    let stopped = false;
    const stopping = kernel.stop().then(() => {
      stopped = true;
    });
    await clock.runUntil(() => stopped, 120_000);
    await stopping;
    await edges.close();
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
