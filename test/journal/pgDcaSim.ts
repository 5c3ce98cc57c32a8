import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../src/clock/Clock.ts';
import { simAccount } from '../../src/kernel/edges/simAccount.ts';
import { createSimulator } from '../../src/simulator/createSimulator.ts';
import { manualPrices } from '../../src/simulator/prices/PriceSource.ts';
import { loadConfigWithStrategies } from '../../src/strategy/loadConfigWithStrategies.ts';
import { IN_PROCESS_BASE_URL } from '../../src/venue/http/baseUrl.ts';

/**
 * A sim bot's config file on the PostgreSQL journal at `url`: dca on ETHUSDT at `cron` (100 a
 * buy, up to 20 open), a lease that neither expires nor renews within a test, no status server
 * and no drain at stop.
 */
function pgDcaConfigFile(url: string, cron: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'perpflow-pg-dca-')), 'k.yaml');
  writeFileSync(
    file,
    `mode: sim
market: { pollIntervalMs: 1000, staleAfterMs: 5000 }
journal: { url: ${JSON.stringify(url)}, leaseTtlMs: 60000, leaseRenewMs: 10000 }
risk:
  account: { maxOpenPositions: 20, maxNotionalPerPosition: 100000, maxTotalNotional: 100000, maxLeverage: 5, maxIntentsPerMinute: 100, dailyLossLimit: 1000, maxDrawdownPct: 50 }
strategies:
  - { id: dca, module: dca, markets: [ETHUSDT], params: { cron: "${cron}", notional: 100 }, risk: { maxOpenPositions: 20 } }
status: { enabled: false }
shutdown: { drainMs: 0 }
`,
  );
  return file;
}

/**
 * That bot's config, loaded, and its edges on an in-process simulator on `clock` (ETHUSDT at
 * 3,000, fills after 50 ms), as a sim run has them: what a test starts its kernels on.
 */
export async function pgDcaSim(url: string, cron: string, clock: Clock) {
  const file = pgDcaConfigFile(url, cron);
  const loaded = await loadConfigWithStrategies(file);
  const sim = createSimulator({
    clock,
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
  return { file, loaded, sim, edges };
}
