import { dirname } from 'node:path';
import { Gauge, Registry } from 'prom-client';
import type { Clock } from '../clock/Clock.ts';
import type { PerpflowConfig } from '../config/schema.ts';
import type { JournalError } from '../errors/JournalError.ts';
import { leaseScopeOf } from '../execution/tradingLease.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import { holderPidText } from '../journal/lease.ts';
import { MemoryJournal } from '../journal/MemoryJournal.ts';
import { openJournal } from '../journal/openJournal.ts';
import type { PgLeaseHolder } from '../journal/postgres/pgLease.ts';
import { isPostgresUrl } from '../journal/postgres/pgWhere.ts';
import type { Logger } from '../log/Logger.ts';
import { describeError } from '../log/redact.ts';
import { type StatusServer, serveStatus } from '../report/metrics/serveStatus.ts';
import type { VenueEdges } from './edges/VenueEdges.ts';
import { journalFor } from './journalFor.ts';

/** The exit code of a process whose lease another instance took: a supervisor restarts it as a standby. */
export const EXIT_LEASE_LOST = 75;

export interface KernelJournal {
  readonly journal: JournalPort;
  /** Where a host lock may live (the SQLite file's folder); undefined for a shared database. */
  readonly lockDir: string | undefined;
  readonly quarantinedTo?: string;
}

function holderText(h: PgLeaseHolder | undefined): string {
  return h === undefined
    ? 'another instance'
    : `${holderPidText(h.pid, h.host)} (token ${h.token}, renewed ${Math.round(h.silentForMs)} ms ago)`;
}

/**
 * While waiting: /health says standby (503: not trading) and /metrics has
 * `perpflow_journal_role{role="standby"} 1`, on the port the active's endpoint will take.
 */
async function standbyStatus(config: PerpflowConfig, log: Logger): Promise<StatusServer | undefined> {
  const { enabled, port } = config.status;
  if (!(enabled ?? config.mode !== 'live')) return undefined;
  const registry = new Registry();
  new Gauge({
    name: 'perpflow_journal_role',
    help: 'This instance: active or standby.',
    labelNames: ['role'],
    registers: [registry],
  })
    .labels('standby')
    .set(1);
  try {
    const server = await serveStatus({
      registry,
      port,
      health: () => ({ status: 'degraded', detail: { mode: config.mode, role: 'standby' } }),
    });
    // With `port: 0` the system picks the port: only this line tells the operator which.
    log.info(`standby status: ${server.url}/health and ${server.url}/metrics`);
    return server;
  } catch (e) {
    log.warn(`standby status endpoint not started (port ${port}): ${describeError(e)}`);
    return undefined;
  }
}

/**
 * The journal of a run. A SQLite file (the default) is opened at once. A PostgreSQL URL waits as
 * a standby while another live instance holds the lease of the venue account, saying so in the
 * log and on /health and /metrics, and returns once this instance is the active. A lease lost
 * later (paused past its TTL, fenced off) ends the process at once: it must submit nothing more.
 */
export async function openKernelJournal(
  config: PerpflowConfig,
  edges: VenueEdges,
  o: { readonly clock: Clock; readonly log: Logger; readonly onLeaseLost?: (e: JournalError) => void },
): Promise<KernelJournal> {
  const { url } = config.journal;
  // A backtest has no process to survive: its journal lives in memory unless a file is named.
  if (url === undefined && config.mode === 'backtest' && config.journal.path === ':memory:')
    return { journal: new MemoryJournal(o.clock), lockDir: undefined };
  if (url === undefined) {
    const path = journalFor(config.journal.path, config.mode, edges.ephemeral, o.clock.now());
    // Group commit (one fsync per event-loop turn) where the loop turns; a backtest's virtual
    // clock settles in microtasks and would never reach the turn's end it commits at.
    const groupCommit = config.mode !== 'backtest';
    const { journal, quarantinedTo } = openJournal({ path, clock: o.clock, groupCommit });
    // The host lock guards a venue subaccount shared between processes; a venue that lives inside
    // this process (the embedded simulator) is nobody else's, so two dry runs never block each other.
    const lockDir = edges.ephemeral ? undefined : dirname(path);
    return { journal, lockDir, ...(quarantinedTo === undefined ? {} : { quarantinedTo }) };
  }
  const scope = leaseScopeOf(edges.venue, config.venue.url);
  let status: Promise<StatusServer | undefined> | undefined;
  let waiting = false;
  let unreachable = 0;
  const startedAt = o.clock.now();
  // Loaded here: the PostgreSQL driver is a few dozen modules that only this journal needs.
  const { openPostgresJournal } = await import('../journal/postgres/openPostgresJournal.ts');
  const journal = await openPostgresJournal({
    url,
    clock: o.clock,
    scope,
    leaseTtlMs: config.journal.leaseTtlMs,
    renewMs: config.journal.leaseRenewMs,
    onStandby: (holder) => {
      if (waiting) return;
      waiting = true;
      o.log.info(`standby: ${holderText(holder)} holds the lease of ${scope}; waiting to take over`);
      status = standbyStatus(config, o.log);
    },
    onUnreachable: (e) => {
      if (unreachable++ === 0)
        o.log.warn(
          `the journal database is out of reach (${describeError(e)}); trying again every ${config.journal.leaseRenewMs} ms`,
        );
    },
    onLeaseLost:
      o.onLeaseLost ??
      ((e) => {
        o.log.error(`lease lost: ${describeError(e)}; this instance stops now and submits nothing more`);
        void o.log.close().finally(() => process.exit(EXIT_LEASE_LOST));
      }),
  }).finally(async () => (await status)?.close());
  const tookOver = waiting ? `, took over after ${o.clock.now() - startedAt} ms as standby` : '';
  o.log.info(
    `active: holding the lease of ${scope} in ${journal.path} (fencing token ${journal.fencingToken}${tookOver})`,
  );
  return { journal, lockDir: undefined };
}

/** `--journal WHERE`: a postgres:// URL, or a SQLite file (which then replaces a configured URL). */
export function journalOverride(config: PerpflowConfig, where: string): PerpflowConfig['journal'] {
  const { url: _configured, ...rest } = config.journal;
  return isPostgresUrl(where) ? { ...rest, url: where } : { ...rest, path: where };
}
