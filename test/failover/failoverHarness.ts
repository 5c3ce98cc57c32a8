import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SystemClock } from '../../src/clock/SystemClock.ts';
import { PositionLedger } from '../../src/execution/PositionLedger.ts';
import { openPostgresJournal } from '../../src/journal/postgres/openPostgresJournal.ts';
import { type Proc, perpflow } from '../run/runHarness.ts';

/** Lease timing of the failover tests: short, so twenty take-overs fit in a CI run. */
export const TTL_MS = 2_000;
export const RENEW_MS = 500;

/** A sim-mode bot on `simUrl` with its journal in PostgreSQL at `dbUrl` (both on loopback). */
export function failoverConfig(dir: string, simUrl: string, dbUrl: string): string {
  const path = join(dir, 'bot.yaml');
  writeFileSync(
    path,
    `mode: sim
venue: { url: ${simUrl} }
simulator: { seed: 7, fillLatencyMs: { min: 50, max: 150 } }
market: { pollIntervalMs: 200, staleAfterMs: 3000 }
journal: { url: ${JSON.stringify(dbUrl)}, leaseTtlMs: ${TTL_MS}, leaseRenewMs: ${RENEW_MS} }
risk:
  account: { maxOpenPositions: 4, maxNotionalPerPosition: 1000, maxTotalNotional: 4000, maxLeverage: 5, maxIntentsPerMinute: 600, dailyLossLimit: 1000, maxDrawdownPct: 50 }
strategies:
  - id: sma-fast
    module: sma-cross
    markets: [BTCUSDT]
    interval: 1s
    params: { fast: 2, slow: 3, notional: 200, leverage: 2, mode: reverse }
logging: { level: info, file: null }
status: { port: 0 }
shutdown: { drainMs: 5000 }
`,
  );
  return path;
}

export const isActive = (p: Proc): boolean => p.count(/INFO {2}active: holding the lease/) > 0;
export const isStandby = (p: Proc): boolean => p.count(/INFO {2}standby: /) > 0;
export const isTrading = (p: Proc): boolean => p.count(/INFO {2}trading: /) > 0;

export function startBot(cfg: string): Proc {
  return perpflow(['run', cfg]);
}

/** What the shared journal says once every bot has stopped: the ledger from its fills, its requests. */
export async function pgJournalLedger(url: string, scope: string) {
  const journal = await openPostgresJournal({
    url,
    clock: new SystemClock(),
    scope,
    leaseTtlMs: TTL_MS,
    renewMs: RENEW_MS,
    onStandby: () => {},
  });
  const ledger = new PositionLedger();
  for (const f of journal.fills()) ledger.apply(f);
  const result = { ledger, requests: journal.all(), nonTerminal: journal.nonTerminal() };
  journal.close();
  return result;
}

/** Intents sent more than once: the duplicate opens (and closes) failover must never make. */
export function sentTwice(requests: readonly { intentId: string; submittedAt?: number | undefined }[]) {
  const sent = new Map<string, number>();
  for (const r of requests)
    if (r.submittedAt !== undefined) sent.set(r.intentId, (sent.get(r.intentId) ?? 0) + 1);
  return [...sent].filter(([, n]) => n > 1);
}
