import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VirtualClock } from '../../../src/clock/VirtualClock.ts';
import { Kernel } from '../../../src/kernel/Kernel.ts';
import { type Logger, silentLogger } from '../../../src/log/Logger.ts';
import { loadConfigWithStrategies } from '../../../src/strategy/loadConfigWithStrategies.ts';
import { simTestEdges } from './simTestEdges.ts';
import type { WatcherKernel } from './watcherKernel.ts';

const ACCOUNT =
  '{ maxOpenPositions: 5, maxNotionalPerPosition: 100000, maxTotalNotional: 100000, maxLeverage: 5, maxIntentsPerMinute: 100, dailyLossLimit: 1000, maxDrawdownPct: 50 }';

/**
 * A kernel over an in-process simulator (BTCUSDT at 50,000, fills after 100 ms) on a virtual
 * clock, a dry run's journal in `dir` (a second start continues it; no host lock), with two strategies: `watch`
 * (never trades) and `once` (opens BTCUSDT at its first price, fixtures/opensOnce.ts); `extra` is
 * appended to its config. `o.account` replaces the account limits, `o.strategies` the `once` line,
 * `o.prices` the simulator's markets (`watch` watches them all), `o.killSwitch` is risk.killSwitch.
 */
export async function startOperatorKernel(
  clock: VirtualClock,
  dir: string,
  extra = '',
  o: {
    readonly account?: string;
    readonly strategies?: string;
    readonly log?: Logger;
    readonly prices?: Readonly<Record<string, number>>;
    readonly killSwitch?: string;
  } = {},
): Promise<WatcherKernel> {
  const prices = o.prices ?? { BTCUSDT: 50_000 };
  const file = join(dir, 'k.yaml');
  const fixtures = join(import.meta.dirname, '../fixtures');
  writeFileSync(
    file,
    `mode: dry-run
market: { pollIntervalMs: 1000, staleAfterMs: 3000 }
journal: { path: ${join(dir, 'j.sqlite')} }
risk:
  account: ${o.account ?? ACCOUNT}
${o.killSwitch === undefined ? '' : `  killSwitch: ${o.killSwitch}`}
strategies:
  - { id: watch, module: ${join(fixtures, 'watcher.ts')}, markets: [${Object.keys(prices).join(', ')}] }
${o.strategies ?? `  - { id: once, module: ${join(fixtures, 'opensOnce.ts')}, markets: [BTCUSDT] }`}
${extra}`,
  );
  const loaded = await loadConfigWithStrategies(file);
  const { sim, edges } = await simTestEdges(loaded.config, {
    clock,
    prices,
    fillMs: 100,
    ephemeral: true,
  });
  const kernel = await Kernel.start({ loaded, edges, clock, log: o.log ?? silentLogger });
  return { kernel, sim, clock };
}
