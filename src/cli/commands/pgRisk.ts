import { hostname } from 'node:os';
import { CLOSE_ALL_REQUESTED, HALT_SIGNAL } from '../../execution/haltSignal.ts';
import { changePgJournalMeta, type PgOperated } from '../../journal/postgres/pgOperator.ts';

function signal(o: PgOperated): string {
  const h = o.holder;
  if (h === undefined) return 'no instance holds the lease; the change is latched in the journal';
  if (h.host !== hostname())
    return `the active (pid ${h.pid} on ${h.host}) reads it at its next lease renewal`;
  try {
    process.kill(h.pid, HALT_SIGNAL);
    return `sent ${HALT_SIGNAL} to pid ${h.pid}`;
  } catch {
    return 'the lease holder is not running on this host; the change is latched in the journal';
  }
}

/** `perpflow halt --journal postgres://…`: HALTED latched in the shared journal. */
export async function haltOnPostgres(
  url: string,
  reason: string,
  closeAll: boolean,
): Promise<{ where: string; signalled: string }> {
  const done = await changePgJournalMeta(url, {
    set: {
      tradingState: 'halted',
      tradingStateReason: reason,
      ...(closeAll ? { [CLOSE_ALL_REQUESTED]: 'cli' } : {}),
    },
  });
  return { where: done.where, signalled: signal(done) };
}

/** `perpflow resume --journal postgres://…`: the latched halts cleared in the shared journal. */
export async function resumeOnPostgres(url: string): Promise<string> {
  const done = await changePgJournalMeta(url, {
    set: { tradingState: 'active', tradingStateReason: 'manual resume (perpflow resume)' },
    delete: [CLOSE_ALL_REQUESTED],
    deletePrefix: 'marketHalt:',
  });
  return done.where;
}
