import type { Clock } from '../../clock/Clock.ts';
import type { PaperAccountSlot } from '../JournalPort.ts';
import type { PgState } from './loadPgState.ts';
import type { PgOp } from './PgCommitQueue.ts';

/**
 * A dry run's paper account in the journal's database (`PostgresJournal.paperAccount`), one per
 * lease scope, so whichever host holds the lease continues it: `commit` writes each
 * save through the journal, into its next group commit (in order with its other writes, refused
 * with them once fenced off or closed).
 */
export function pgPaperAccount(
  p: { readonly where: string; readonly scope: string; readonly clock: Clock; readonly state: PgState },
  commit: (op: PgOp) => void,
): PaperAccountSlot {
  let paper = p.state.paperAccount;
  return {
    where: `${p.where} (paper account of ${p.scope})`,
    read: () => paper,
    write: (snapshot) => {
      commit({ op: 'paper', scope: p.scope, snapshot, at: p.clock.now() });
      paper = snapshot;
    },
  };
}
