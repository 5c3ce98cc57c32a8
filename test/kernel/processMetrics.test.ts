import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { startWatcherKernel, stopWatcherKernel, type WatcherKernel } from './support/watcherKernel.ts';

let running: WatcherKernel | undefined;
afterEach(async () => {
  if (running === undefined) return;
  await stopWatcherKernel(running);
  running = undefined;
});

/** The process metrics (CPU, heap, GC, event-loop lag) a kernel started with `processMetrics` registers. */
async function processMetricNames(processMetrics: boolean | undefined): Promise<string[]> {
  running = await startWatcherKernel(new VirtualClock(Date.UTC(2026, 0, 5)), {
    staleAfterMs: 3000,
    ...(processMetrics === undefined ? {} : { processMetrics }),
  });
  const names = running.kernel.metrics.registry.getMetricsAsArray().map((m) => m.name);
  return names.filter((n) => /^perpflow_(process|nodejs)_/.test(n));
}

describe("the kernel's process metrics", () => {
  it('are registered by default: the CPU, GC and event-loop figures a scrape reads', async () => {
    const names = await processMetricNames(undefined);
    expect(names).toContain('perpflow_process_cpu_user_seconds_total');
    expect(names).toContain('perpflow_nodejs_gc_duration_seconds');
    expect(names).toContain('perpflow_nodejs_eventloop_lag_seconds');
  });

  it('are not registered at all with processMetrics false, as a backtest starts its kernel', async () => {
    expect(await processMetricNames(false)).toEqual([]);
  });
});
