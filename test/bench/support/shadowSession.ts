import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VirtualClock } from '../../../src/clock/VirtualClock.ts';
import { MarketSymbol } from '../../../src/domain/ids.ts';
import { simEdges } from '../../../src/kernel/edges/simEdges.ts';
import { Kernel } from '../../../src/kernel/Kernel.ts';
import { startShadow } from '../../../src/kernel/shadow/startShadow.ts';
import { silentLogger } from '../../../src/log/Logger.ts';
import { driveClock } from '../../../src/replay/driveClock.ts';
import { loadConfigWithStrategies } from '../../../src/strategy/loadConfigWithStrategies.ts';

const FLIPPER = join(import.meta.dirname, '../../shadow/fixtures/flipper.ts');
const MARKETS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT'] as const;

/** A sim-mode config of `n` flippers spread over four markets, each shadowed when `shadowed`. */
function configFile(dir: string, n: number, shadowed: boolean): string {
  const ids = Array.from({ length: n }, (_, i) => `f${i}`);
  const entries = ids.map(
    (id, i) =>
      `  - { id: ${id}, module: ${FLIPPER}, markets: [${MARKETS[i % MARKETS.length]}], params: { every: ${3 + (i % 5)}, quantity: 0.001, slippage: 0.01 } }`,
  );
  const file = join(dir, 'bot.yaml');
  writeFileSync(
    file,
    `mode: sim
market: { pollIntervalMs: 1000, staleAfterMs: 10000 }
journal: { path: ${join(dir, 'j.sqlite')} }
simulator: { seed: 7, fillLatencyMs: { min: 100, max: 400 } }
risk:
  account: { maxOpenPositions: ${n * 2}, maxNotionalPerPosition: 100000, maxTotalNotional: 10000000, maxLeverage: 5, maxIntentsPerMinute: 10000, dailyLossLimit: 1000000, maxDrawdownPct: 99 }
strategies:
${entries.join('\n')}
shadow: [${shadowed ? ids.join(', ') : ''}]
`,
  );
  return file;
}

export interface ShadowSessionFigures {
  /** The process's CPU (user + system, every thread) over the driven minutes, ms. */
  readonly cpuMs: number;
  readonly wallMs: number;
  /** Live's price ticks over the driven minutes (each market's poll). */
  readonly ticks: number;
  /** Live's intents (distinct intent ids in its journal). */
  readonly intents: number;
  /** The shadow's, 0 without one. */
  readonly shadowIntents: number;
}

/**
 * A sim-mode bot in this process on a virtual clock (the embedded simulator's HTTP handler in
 * process, as `perpflow run` in sim mode), `n` strategies, shadowed or not, driven `minutes` of
 * virtual time as fast as it goes. Only the drive is measured: start and stop are not.
 */
export async function shadowSession(
  n: number,
  shadowed: boolean,
  minutes: number,
): Promise<ShadowSessionFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'pf-bench-shadow-'));
  const loaded = await loadConfigWithStrategies(configFile(dir, n, shadowed));
  const clock = new VirtualClock(Date.UTC(2026, 2, 2, 9));
  const edges = await simEdges(loaded.config, { clock, log: silentLogger, inProcess: {} });
  const live = await Kernel.start({
    loaded,
    edges,
    clock,
    log: silentLogger,
    processMetrics: false,
    gaugesEveryMs: 0,
    allowSharedAccount: true,
    // Untimed hooks: the bench's own load must not drop a hook's intents.
    hookBudgetMs: Number.POSITIVE_INFINITY,
  });
  const shadow = shadowed
    ? await startShadow(live, { loaded, clock, log: silentLogger, fresh: true })
    : undefined;
  if (shadowed && shadow === undefined) throw new Error('the shadow did not start');
  let ticks = 0;
  const counting = MARKETS.map((m) => live.feed.ticks(MarketSymbol(m)).subscribe(() => ticks++));
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  await driveClock(clock, clock.now() + minutes * 60_000);
  const wallMs = performance.now() - wall0;
  const cpu = process.cpuUsage(cpu0);
  for (const s of counting) s.unsubscribe();
  const intentsOf = (k: Kernel): number => new Set(k.executor.journal.all().map((r) => r.intentId)).size;
  const figures = {
    cpuMs: (cpu.user + cpu.system) / 1000,
    wallMs,
    ticks,
    intents: intentsOf(live),
    shadowIntents: shadow === undefined ? 0 : intentsOf(shadow.kernel),
  };
  let stopped = false;
  void Promise.all([shadow?.stop(), live.stop()]).finally(() => {
    stopped = true;
  });
  await driveClock(clock, Number.POSITIVE_INFINITY, () => stopped);
  await edges.close();
  return figures;
}
