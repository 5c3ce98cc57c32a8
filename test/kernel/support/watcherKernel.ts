import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VirtualClock } from '../../../src/clock/VirtualClock.ts';
import { Kernel } from '../../../src/kernel/Kernel.ts';
import { silentLogger } from '../../../src/log/Logger.ts';
import type { Notification } from '../../../src/report/notify/Notification.ts';
import type { Simulator } from '../../../src/simulator/createSimulator.ts';
import { loadConfigWithStrategies } from '../../../src/strategy/loadConfigWithStrategies.ts';
import { simTestEdges } from './simTestEdges.ts';

export interface WatcherKernel {
  readonly kernel: Kernel;
  readonly sim: Simulator;
  readonly clock: VirtualClock;
}

/**
 * A kernel over an in-process simulator (BTCUSDT at 50,000, fills after 100 ms) on a virtual
 * clock, with the `watcher` fixture strategy, which only watches: each test submits its own intents.
 */
export async function startWatcherKernel(
  clock: VirtualClock,
  o: {
    readonly staleAfterMs: number;
    readonly notify?: (n: Notification) => void;
    readonly processMetrics?: boolean;
  },
): Promise<WatcherKernel> {
  const dir = mkdtempSync(join(tmpdir(), 'perpflow-kernel-'));
  const file = join(dir, 'k.yaml');
  writeFileSync(
    file,
    `mode: sim
market: { pollIntervalMs: 1000, staleAfterMs: ${o.staleAfterMs} }
journal: { path: ${join(dir, 'j.sqlite')} }
risk:
  account: { maxOpenPositions: 3, maxNotionalPerPosition: 100000, maxTotalNotional: 100000, maxLeverage: 5, maxIntentsPerMinute: 100, dailyLossLimit: 1000, maxDrawdownPct: 50 }
strategies:
  - { id: watch, module: ${join(import.meta.dirname, '../fixtures/watcher.ts')}, markets: [BTCUSDT] }
`,
  );
  const loaded = await loadConfigWithStrategies(file);
  const { sim, edges } = await simTestEdges(loaded.config, {
    clock,
    prices: { BTCUSDT: 50_000 },
    fillMs: 100,
    ephemeral: true,
  });
  const kernel = await Kernel.start({
    loaded,
    edges,
    clock,
    log: silentLogger,
    ...(o.notify === undefined ? {} : { notify: o.notify }),
    ...(o.processMetrics === undefined ? {} : { processMetrics: o.processMetrics }),
  });
  return { kernel, sim, clock };
}

/** Stops the kernel on its own virtual clock, then the simulator. */
export async function stopWatcherKernel({ kernel, sim, clock }: WatcherKernel): Promise<void> {
  let stopped = false;
  const stopping = kernel.stop().then(() => {
    stopped = true;
  });
  await clock.runUntil(() => stopped, 60_000);
  await stopping;
  sim.stop();
}
