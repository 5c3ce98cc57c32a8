import { acquireHostLock, type HostLock } from '../journal/hostLock.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import type { VenuePort } from '../venue/VenuePort.ts';

/** What the kernel holds while one instance trades a subaccount; `release` ends it. */
export interface TradingLease {
  readonly scope: string;
  /** Releases the host lock and the journal lease, and closes the journal (orderly stop). */
  release(): void;
}

/**
 * The lease scope: one trader per venue account — the venue (its host, when known), the chain and
 * the subaccount. Two simulators on one host are two venues, even with the same dev wallet.
 */
export function leaseScopeOf(
  venue: Pick<VenuePort, 'chainId' | 'subaccount'>,
  venueUrl?: string | null,
): string {
  const host = venueUrl === undefined || venueUrl === null ? '' : `${new URL(venueUrl).host}:`;
  return `venue:${host}${venue.chainId}:${venue.subaccount}`;
}

/**
 * Takes the journal lease (a second live instance on the same journal is refused with a
 * JournalError naming the holder) and, with `hostLockDir`, the host-wide lock for the scope, so a
 * second instance refuses to start even with a different journal file. Call it before
 * `Executor.start`; a refusal closes the journal it was given.
 */
export function acquireTradingLease(journal: JournalPort, scope: string, hostLockDir?: string): TradingLease {
  journal.acquireLease(scope);
  let hostLock: HostLock | undefined;
  // A lease every host sees (a shared database) already is host-wide; a lock file would only keep
  // a standby on this host from taking over.
  if (hostLockDir !== undefined && !journal.leaseSpansHosts) {
    try {
      hostLock = acquireHostLock(hostLockDir, scope, journal.instanceId, journal.path);
    } catch (e) {
      journal.close();
      throw e;
    }
  }
  let released = false;
  return {
    scope,
    release() {
      if (released) return;
      released = true;
      journal.close();
      hostLock?.release();
    },
  };
}
