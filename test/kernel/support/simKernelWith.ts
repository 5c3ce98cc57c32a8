import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { VirtualClock } from '../../../src/clock/VirtualClock.ts';
import { simEdges } from '../../../src/kernel/edges/simEdges.ts';
import { Kernel } from '../../../src/kernel/Kernel.ts';
import { createLogger } from '../../../src/log/createLogger.ts';
import { silentLogger } from '../../../src/log/Logger.ts';
import { loadConfigWithStrategies } from '../../../src/strategy/loadConfigWithStrategies.ts';

/**
 * A sim kernel on a virtual clock at 2026-01-05 00:00 UTC, its config the one strategy given as
 * a YAML flow mapping (on BTCUSDT, 1 s price polls), its log lines kept as written.
 */
export async function simKernelWith(strategy: string) {
  const dir = mkdtempSync(join(tmpdir(), 'perpflow-sim-kernel-'));
  const file = join(dir, 'bot.yaml');
  writeFileSync(
    file,
    `mode: sim
market: { pollIntervalMs: 1000, staleAfterMs: 10000 }
journal: { path: ${join(dir, 'j.sqlite')} }
risk:
  account: { maxOpenPositions: 2, maxNotionalPerPosition: 100000, maxTotalNotional: 200000, maxLeverage: 5, maxIntentsPerMinute: 1000, dailyLossLimit: 100000, maxDrawdownPct: 90 }
strategies:
  - ${strategy}
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
  /** The kernel's stop, run on the virtual clock; then the edges and the log closed. */
  const stop = async (): Promise<void> => {
    let stopped = false;
    const stopping = kernel.stop().then(() => {
      stopped = true;
    });
    await clock.runUntil(() => stopped, 120_000);
    await stopping;
    await edges.close();
    await log.close();
  };
  return { kernel, clock, start, said, stop };
}
