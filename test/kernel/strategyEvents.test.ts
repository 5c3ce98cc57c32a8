import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { simEdges } from '../../src/kernel/edges/simEdges.ts';
import { Kernel } from '../../src/kernel/Kernel.ts';
import { createLogger } from '../../src/log/createLogger.ts';
import { silentLogger } from '../../src/log/Logger.ts';
import { loadConfigWithStrategies } from '../../src/strategy/loadConfigWithStrategies.ts';
import type { StrategyEvent } from '../../src/strategy/runnerEvents.ts';
import { driveTo } from './support/driveTo.ts';

describe('a running sim bot whose strategy fails', () => {
  it('reports each failed hook and the pause, on its events stream and in its log', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-strategy-events-'));
    const file = join(dir, 'bot.yaml');
    writeFileSync(
      file,
      `mode: sim
market: { pollIntervalMs: 1000, staleAfterMs: 10000 }
journal: { path: ${join(dir, 'j.sqlite')} }
risk:
  account: { maxOpenPositions: 2, maxNotionalPerPosition: 100000, maxTotalNotional: 200000, maxLeverage: 5, maxIntentsPerMinute: 1000, dailyLossLimit: 100000, maxDrawdownPct: 90 }
strategies:
  - { id: boom, module: ${join(import.meta.dirname, 'fixtures/throwsOnTick.ts')}, markets: [BTCUSDT] }
`,
    );
    const loaded = await loadConfigWithStrategies(file);
    const start = Date.UTC(2026, 0, 5);
    const clock = new VirtualClock(start);
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
    const edges = await simEdges(loaded.config, { clock, log: silentLogger, inProcess: {} });
    const kernel = await Kernel.start({ loaded, edges, clock, log, processMetrics: false, gaugesEveryMs: 0 });
    const events: StrategyEvent[] = [];
    const sub = kernel.strategyEvents$.subscribe((e) => events.push(e));
    await driveTo(clock, start + 2 * 60_000);
    sub.unsubscribe();
    let stopped = false;
    const stopping = kernel.stop().then(() => {
      stopped = true;
    });
    await clock.runUntil(() => stopped, 120_000);
    await stopping;
    await edges.close();
    await log.close();
    const failed = events.filter((e) => e.type === 'hookFailed');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((e) => e.strategyId === 'boom' && e.hook === 'onTick')).toBe(true);
    expect(events.filter((e) => e.type === 'paused').map((e) => e.strategyId)).toEqual(['boom']);
    expect(said.filter((l) => l.message.startsWith('strategy boom onTick: ')).length).toBe(failed.length);
    expect(said.filter((l) => l.message.startsWith('strategy boom paused after '))).toHaveLength(1);
  }, 60_000);
});
