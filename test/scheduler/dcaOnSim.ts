import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../src/clock/Clock.ts';
import type { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { simAccount } from '../../src/kernel/edges/simAccount.ts';
import { Kernel } from '../../src/kernel/Kernel.ts';
import type { Logger } from '../../src/log/Logger.ts';
import { createSimulator } from '../../src/simulator/createSimulator.ts';
import { manualPrices } from '../../src/simulator/prices/PriceSource.ts';
import { loadConfigWithStrategies } from '../../src/strategy/loadConfigWithStrategies.ts';
import { IN_PROCESS_BASE_URL } from '../../src/venue/http/baseUrl.ts';

export interface DcaOnSim {
  /** The journal file every process of the scenario shares. */
  readonly journalPath: string;
  /** One process: a kernel started now, run until `until` (virtual time), then stopped. */
  readonly run: (until: number, log: Logger) => Promise<void>;
  readonly stop: () => void;
}

/**
 * dca buying ETHUSDT every 15 s (`strategyExtra` is appended to its entry) on a journal in a fresh
 * folder, against an in-process simulator at 3000 on `virtual` time; the kernel runs on `clock`.
 */
export async function dcaOnSim(o: {
  readonly virtual: VirtualClock;
  readonly clock: Clock;
  readonly strategyExtra?: string;
}): Promise<DcaOnSim> {
  const dir = mkdtempSync(join(tmpdir(), 'perpflow-dca-'));
  const file = join(dir, 'k.yaml');
  const journalPath = join(dir, 'j.sqlite');
  writeFileSync(
    file,
    `mode: sim
market: { pollIntervalMs: 1000, staleAfterMs: 5000 }
journal: { path: ${journalPath} }
risk:
  account: { maxOpenPositions: 20, maxNotionalPerPosition: 100000, maxTotalNotional: 100000, maxLeverage: 5, maxIntentsPerMinute: 100, dailyLossLimit: 1000, maxDrawdownPct: 50 }
strategies:
  - { id: dca, module: dca, markets: [ETHUSDT], params: { cron: "*/15 * * * * *", notional: 100 }, risk: { maxOpenPositions: 20 }${o.strategyExtra ?? ''} }
shutdown: { drainMs: 0 }
`,
  );
  const loaded = await loadConfigWithStrategies(file);
  const { virtual, clock } = o;
  const sim = createSimulator({
    clock: virtual,
    fillLatencyMs: { min: 50, max: 50 },
    prices: manualPrices({ ETHUSDT: 3_000 }),
  });
  const account = await simAccount(loaded.config, { clock, baseUrl: IN_PROCESS_BASE_URL, fetch: sim.fetch });
  const edges = {
    venue: account.venue,
    prices: account.venue,
    describe: 'test',
    ephemeral: false,
    secrets: account.secrets,
    close: async () => {},
  };
  const run = async (until: number, log: Logger): Promise<void> => {
    const kernel = await Kernel.start({ loaded, edges, clock, log });
    await virtual.advanceTo(until);
    let stopped = false;
    const stopping = kernel.stop().then(() => {
      stopped = true;
    });
    await virtual.runUntil(() => stopped, 60_000);
    await stopping;
  };
  return { journalPath, run, stop: () => sim.stop() };
}
