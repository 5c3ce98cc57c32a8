import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Clock } from '../../clock/Clock.ts';
import { JournalError, JournalLeaseHeldError } from '../../errors/JournalError.ts';
import { describeError } from '../../log/redact.ts';
import { loadPgState } from './loadPgState.ts';
import { migrate } from './migrate.ts';
import { PostgresJournal } from './PostgresJournal.ts';
import { claimPgLease, type PgLeaseHolder } from './pgLease.ts';
import { pgTypes } from './pgTypes.ts';
import { isPostgresUrl, pgWhere } from './pgWhere.ts';

export interface PgJournalOptions {
  /** postgres://user:password@host:port/database: never logged as given (the password is redacted). */
  readonly url: string;
  readonly clock: Clock;
  /** The lease scope (venue, chain, subaccount): one active instance per scope. */
  readonly scope: string;
  /** A lease not renewed for this long (by the database's clock) may be taken over. Default 10 s. */
  readonly leaseTtlMs?: number;
  /** Renewal period, and how often a standby tries to take over. Default 5 s. */
  readonly renewMs?: number;
  /**
   * Called while another live instance holds the lease: this one waits as a standby. Without it,
   * a held lease is refused at once with a JournalError naming the holder.
   */
  readonly onStandby?: (holder: PgLeaseHolder | undefined) => void;
  readonly signal?: AbortSignal;
  /** What a standby waits on between tries (default `clock`; a test on virtual time passes a real one). */
  readonly waitClock?: Pick<Clock, 'sleep'>;
  readonly onLeaseLost?: (e: JournalError) => void;
  /**
   * Called when the database cannot be reached (refused, reset, timed out): the open then tries
   * again every `renewMs` instead of failing. Without it, the open fails at once.
   */
  readonly onUnreachable?: (e: unknown) => void;
}

export const DEFAULT_LEASE_TTL_MS = 10_000;
export const DEFAULT_RENEW_MS = 5_000;

/**
 * Connects, migrates, then takes the lease of `scope` (waiting as a standby while another live
 * instance holds it) and reads the journal: what is read is everything the previous holder
 * committed, since its commits are refused once the lease has moved on.
 */
export async function openPostgresJournal(o: PgJournalOptions): Promise<PostgresJournal> {
  const where = pgWhere(o.url);
  const ttlMs = o.leaseTtlMs ?? DEFAULT_LEASE_TTL_MS;
  const renewMs = o.renewMs ?? DEFAULT_RENEW_MS;
  const pool = new pg.Pool({
    connectionString: o.url,
    max: 3,
    types: pgTypes,
    application_name: 'perpflow',
    connectionTimeoutMillis: 5_000,
    query_timeout: Math.max(ttlMs, 5_000),
  });
  // An idle connection that breaks is reported here; the next query fails and the journal latches.
  pool.on('error', () => undefined);
  const wait = (): Promise<void> => (o.waitClock ?? o.clock).sleep(renewMs, o.signal);
  try {
    let migrated = false;
    const instanceId = randomUUID();
    for (;;) {
      let claim: Awaited<ReturnType<typeof claimPgLease>>;
      try {
        if (!migrated) await migrateOn(pool, where);
        migrated = true;
        claim = await claimPgLease(pool, o.scope, instanceId, ttlMs);
      } catch (e) {
        // A standby outlives an outage of the database: it tries again, as it would for the lease.
        if (o.onUnreachable === undefined || !isUnreachable(e)) throw e;
        o.onUnreachable(e);
        await wait();
        continue;
      }
      if (claim.held) {
        const state = await loadPgState(pool, o.scope);
        return new PostgresJournal({
          pool,
          clock: o.clock,
          where,
          instanceId,
          scope: o.scope,
          token: claim.token,
          renewMs,
          state,
          ...(o.onLeaseLost === undefined ? {} : { onLeaseLost: o.onLeaseLost }),
        });
      }
      if (o.onStandby === undefined) {
        const h = claim.holder;
        throw new JournalLeaseHeldError(
          `another perpflow instance (pid ${h?.pid} on ${h?.host}) holds the journal lease for ${o.scope} in ${where}; refusing to start`,
          { details: { scope: o.scope, ...(h === undefined ? {} : { pid: h.pid, host: h.host }) } },
        );
      }
      o.onStandby(claim.holder);
      await wait();
    }
  } catch (cause) {
    await pool.end().catch(() => undefined);
    if (cause instanceof JournalError) throw cause;
    throw new JournalError(`cannot open journal ${where}: ${describeError(cause)}`, { cause });
  }
}

async function migrateOn(pool: pg.Pool, where: string): Promise<void> {
  const client = await pool.connect();
  try {
    await migrate(client, where);
  } finally {
    client.release();
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  '57P03',
]);

/** A failure to reach the server, as opposed to one it answered (bad password, no such database). */
function isUnreachable(e: unknown): boolean {
  if (e instanceof Error && 'code' in e && typeof e.code === 'string') return NETWORK_CODES.has(e.code);
  return e instanceof Error && /timeout|terminated/i.test(e.message);
}

export { isPostgresUrl };
