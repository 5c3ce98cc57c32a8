import type { Executor } from '../execution/Executor.ts';
import type { TradingLease } from '../execution/tradingLease.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import type { KernelTap } from './KernelOptions.ts';

/**
 * The end of an orderly stop, once the executor has stopped, in this order: the journal's last
 * group commit; the recording's last lines (the stop line and all after it) written, in
 * PostgreSQL under the lease's fencing token; only then the lease released (the journal closed:
 * a networked journal's lease freed and its pool ended; the host lock). A standby takes over the
 * moment the lease is free, and must find the stopping active's recording complete: once its
 * token moves on, an append under the old one is refused.
 */
export async function releaseLeaseLast(
  ex: Pick<Executor<JournalPort>, 'journal' | 'isDead'>,
  lease: Pick<TradingLease, 'release'>,
  tap: KernelTap | undefined,
): Promise<void> {
  await ex.journal.pendingCommit()?.catch(() => undefined);
  // A recording that could not be written (its failures are the recorder's to report) must not
  // keep the lease held.
  await tap?.settled?.().catch(() => undefined);
  // An executor that died (a crash point) left its journal as a killed process does: the lease
  // expires by its TTL.
  if (!ex.isDead) lease.release();
  await ex.journal.close();
}
