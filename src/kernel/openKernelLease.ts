import type { PerpflowConfig } from '../config/schema.ts';
import type { IntentIdScheme } from '../domain/intentId.ts';
import { acquireTradingLease, leaseScopeOf, type TradingLease } from '../execution/tradingLease.ts';
import { hostStateDir } from '../journal/hostDir.ts';
import { intentIdSchemeOf } from '../journal/intentIdSchemeOf.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import type { VenueEdges } from './edges/VenueEdges.ts';
import type { KernelOptions } from './KernelOptions.ts';
import { openKernelJournal } from './standby.ts';

/**
 * The journal of a run and the lease of its venue account, in that order: nothing trades, and no
 * state kept with the journal is touched, before both are held. A corrupt journal moved aside is said loudly (every venue position is adopted).
 * Then the journal's intent id scheme, which the strategies derive their ids by.
 */
export async function openKernelLease(
  config: PerpflowConfig,
  edges: VenueEdges,
  o: KernelOptions,
): Promise<{
  journal: JournalPort;
  lease: TradingLease;
  quarantinedTo: string | undefined;
  intentIdScheme: IntentIdScheme;
}> {
  const { log } = o;
  const { journal, lockDir, quarantinedTo } = await openKernelJournal(config, edges, o);
  if (quarantinedTo !== undefined)
    log.error(
      `the journal was corrupt and was moved to ${quarantinedTo}; every venue position will be adopted`,
    );
  let lease: TradingLease;
  try {
    // The host lock guards a venue account shared between processes; a venue that lives inside
    // this process (the embedded simulator) is nobody else's, so two dry runs never block each other,
    // and a PostgreSQL lease already spans hosts (lockDir undefined for both). It lives in the
    // host-wide directory every bot sees, not beside this bot's journal.
    lease = acquireTradingLease(
      journal,
      leaseScopeOf(edges.venue, config.venue.url),
      lockDir === undefined || o.allowSharedAccount === true ? undefined : hostStateDir(),
    );
    if (o.allowSharedAccount === true && lockDir !== undefined)
      log.error(
        `--allow-shared-account: NOT locking the venue account ${leaseScopeOf(edges.venue, config.venue.url)}; another bot may trade it beside this one`,
      );
  } catch (e) {
    journal.close();
    throw e;
  }
  // Read (and latched) only by the lease holder: a standby must not write to the journal. State
  // kept with the journal (a dry run's paper account) is read and written from here on, never before.
  let intentIdScheme: IntentIdScheme;
  try {
    edges.attach?.(journal);
    intentIdScheme = intentIdSchemeOf(journal);
  } catch (e) {
    lease.release();
    journal.close();
    throw e;
  }
  return { journal, lease, quarantinedTo, intentIdScheme };
}
