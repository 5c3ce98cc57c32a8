import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VirtualClock } from '../../../src/clock/VirtualClock.ts';
import { simEdges } from '../../../src/kernel/edges/simEdges.ts';
import { Kernel } from '../../../src/kernel/Kernel.ts';
import { recordEdges, recorderTap } from '../../../src/kernel/record/recorderFor.ts';
import { silentLogger } from '../../../src/log/Logger.ts';
import { driveClock } from '../../../src/replay/driveClock.ts';
import { loadConfigWithStrategies } from '../../../src/strategy/loadConfigWithStrategies.ts';

const HOUR = 3_600_000;

/** config/default.yaml in sim mode for `hours` of virtual time, recorded; the recording's path. */
export async function recordDefaultConfig(hours: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pf-bench-default-'));
  const loaded0 = await loadConfigWithStrategies('config/default.yaml');
  const c = loaded0.config;
  const config = {
    ...c,
    mode: 'sim' as const,
    journal: { ...c.journal, path: join(dir, 'j.sqlite') },
    record: { ...c.record, path: join(dir, 'default.rec') },
  };
  const loaded = { ...loaded0, config };
  const clock = new VirtualClock(Date.UTC(2026, 2, 2, 9));
  const edges0 = await simEdges(config, { clock, log: silentLogger, inProcess: {} });
  const recorded = recordEdges(config, edges0, {
    clock,
    configFile: join(process.cwd(), 'config/default.yaml'),
  });
  if (recorded === undefined) throw new Error('sim mode records by default');
  let kernel: Kernel | undefined;
  void Kernel.start({
    loaded,
    edges: recorded.edges,
    clock,
    log: silentLogger,
    tap: recorderTap(recorded.recorder),
    processMetrics: false,
    allowSharedAccount: true,
    // Untimed hooks, as its replay's: the bench's own load must not drop a hook's intents.
    hookBudgetMs: Number.POSITIVE_INFINITY,
  }).then((k) => {
    kernel = k;
  });
  const t0 = clock.now();
  await driveClock(clock, t0 + hours * HOUR);
  recorded.recorder.stop();
  const k = kernel;
  const stopping = k?.stop();
  // The clock runs while the executor drains, not while the stop's last step waits on the disk.
  await driveClock(clock, Number.POSITIVE_INFINITY, () => k === undefined || !k.executor.alive());
  await stopping;
  await recorded.recorder.close();
  await edges0.close();
  return recorded.recorder.path;
}
