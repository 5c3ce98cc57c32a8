import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A sim bot's config file on the PostgreSQL journal at `url`: dca on ETHUSDT at `cron` (100 a
 * buy, up to 20 open), a lease that neither expires nor renews within a test, no status server
 * and no drain at stop.
 */
export function pgDcaConfigFile(url: string, cron: string): string {
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
