import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { VirtualClock } from '../../../src/clock/VirtualClock.ts';
import { simEdges } from '../../../src/kernel/edges/simEdges.ts';
import { Kernel } from '../../../src/kernel/Kernel.ts';
import { startShadow } from '../../../src/kernel/shadow/startShadow.ts';
import { createLogger } from '../../../src/log/createLogger.ts';
import { silentLogger } from '../../../src/log/Logger.ts';
import { buildConsole } from '../../../src/operate/api/serveConsole.ts';
import { loadConfigWithStrategies } from '../../../src/strategy/loadConfigWithStrategies.ts';
import { driveTo } from '../../kernel/support/driveTo.ts';

const FLIPPER = join(import.meta.dirname, '../fixtures/flipper.ts');

/**
 * A sim-mode session on a virtual clock: live trades the embedded simulator through its HTTP
 * handler (status polls, fill latency, a solver that refuses a share of fills), and `flip` runs
 * again in its shadow. `hold` runs in live only.
 */
export function writeShadowConfig(dir: string, flipModule: string = FLIPPER): string {
  writeFileSync(join(dir, 'faults.yaml'), 'solverRefusalRate: 0.1\n');
  const file = join(dir, 'bot.yaml');
  writeFileSync(
    file,
    `mode: sim
market: { pollIntervalMs: 1000, staleAfterMs: 10000 }
journal: { path: ${join(dir, 'j.sqlite')} }
simulator: { seed: 7, fillLatencyMs: { min: 100, max: 2500 }, faults: ${join(dir, 'faults.yaml')} }
execution:
  reconcile: { intervalMs: 60000 }
risk:
  account: { maxOpenPositions: 4, maxNotionalPerPosition: 100000, maxTotalNotional: 200000, maxLeverage: 5, maxIntentsPerMinute: 1000, dailyLossLimit: 100000, maxDrawdownPct: 90 }
strategies:
  - { id: flip, module: ${flipModule}, markets: [BTCUSDT], params: { every: 4, quantity: 0.01, slippage: 0.0004 } }
  - { id: hold, module: ${FLIPPER}, markets: [ETHUSDT], params: { every: 7, quantity: 0.1, slippage: 0.01 } }
shadow: [flip]
`,
  );
  return file;
}

/**
 * Runs the session for `minutes` of virtual time, stops both kernels, and hands back what to check.
 * `flipModule`: the module `flip` runs (default flipper.ts).
 */
export async function shadowRun(minutes: number, flipModule?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'perpflow-shadow-'));
  const loaded = await loadConfigWithStrategies(writeShadowConfig(dir, flipModule));
  const clock = new VirtualClock(Date.UTC(2026, 0, 5));
  const lines: string[] = [];
  const log = createLogger({
    level: 'debug',
    terminal: null,
    clock,
    jsonStreams: [
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    ],
  });
  const edges = await simEdges(loaded.config, { clock, log: silentLogger, inProcess: {} });
  const live = await Kernel.start({ loaded, edges, clock, log, processMetrics: false, gaugesEveryMs: 0 });
  const shadow = await startShadow(live, { loaded, clock, log, fresh: true });
  if (shadow === undefined) throw new Error('the config shadows flip: a shadow must start');
  await driveTo(clock, clock.now() + minutes * 60_000);
  const report = shadow.report();
  // What /metrics would serve now, from live's registry, and the console's API.
  const metrics = await live.metrics.registry.getMetricsAsJSON();
  const api = await buildConsole(live, {
    log: silentLogger,
    secrets: [...edges.secrets, ...shadow.secrets],
    identity: { name: 'shadow-test', pid: process.pid, version: 'test', venue: 'test' },
    drift: shadow.report,
  });
  const driftAnswer = await api.app.inject({
    method: 'GET',
    url: '/api/v1/drift',
    headers: { authorization: `Bearer ${api.localToken}` },
  });
  await api.app.close();
  let stopped = false;
  const stopping = Promise.all([shadow.stop(), live.stop()]).then(() => {
    stopped = true;
  });
  await clock.runUntil(() => stopped, 120_000);
  await stopping;
  await edges.close();
  await log.close();
  return { dir, live, shadow, edges, report, metrics, driftAnswer, lines };
}
