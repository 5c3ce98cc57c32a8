import { hostname } from 'node:os';
import type { Command } from 'commander';
import { DEFAULT_JOURNAL_PATH } from '../../config/sections/runtime.ts';
import { CLOSE_ALL_REQUESTED, HALT_SIGNAL } from '../../execution/haltSignal.ts';
import { leaseRows, metaWithPrefix, openExistingJournal } from '../../journal/journalStatus.ts';
import { isPostgresUrl } from '../../journal/postgres/openPostgresJournal.ts';
import { assertPerpflowJournal } from '../../journal/readOnlyJournal.ts';
import { action } from '../action.ts';
import { haltOnPostgres, resumeOnPostgres } from './pgRisk.ts';
import { registerStatusCommand } from './status.ts';

/** Sends the halt signal to the instance holding the journal's lease, when it runs on this host. */
function signalHolder(path: string): string {
  const j = openExistingJournal(path);
  try {
    const here = leaseRows(j).filter((l) => l.host === hostname() && l.pid !== process.pid);
    for (const l of here) {
      try {
        process.kill(l.pid, HALT_SIGNAL);
        return `sent ${HALT_SIGNAL} to pid ${l.pid}`;
      } catch {
        // not running any more: the latched state in the journal is what the next start reads
      }
    }
    return 'no running instance on this host; the halt is latched in the journal';
  } finally {
    j.close();
  }
}

/** `perpflow halt`, `perpflow resume`, `perpflow status`: the kill switch and its state, on the journal. */
export function registerRiskCommands(program: Command): void {
  program
    .command('halt')
    .description('kill switch: latch HALTED in the journal (no new exposure) and signal the running instance')
    .option(
      '--journal <path>',
      'journal file or postgres:// URL (the config default journal.path)',
      DEFAULT_JOURNAL_PATH,
    )
    .option('--close-all', 'also close every position with close-all-positions')
    .option('--reason <text>', 'why, for the journal and the alert', 'operator halt (perpflow halt)')
    .option('--json', 'machine-readable output')
    .action(
      action(async (o: { journal: string; closeAll?: boolean; reason: string; json?: boolean }) => {
        if (isPostgresUrl(o.journal)) {
          const { where, signalled } = await haltOnPostgres(o.journal, o.reason, o.closeAll === true);
          const out = { journal: where, tradingState: 'halted', closeAll: o.closeAll === true, signalled };
          process.stdout.write(
            o.json ? `${JSON.stringify(out)}\n` : `trading halted in ${where}; ${signalled}\n`,
          );
          return;
        }
        assertPerpflowJournal(o.journal);
        const j = openExistingJournal(o.journal);
        try {
          j.setMeta('tradingState', 'halted');
          j.setMeta('tradingStateReason', o.reason);
          if (o.closeAll) j.setMeta(CLOSE_ALL_REQUESTED, 'cli');
        } finally {
          j.close();
        }
        const signalled = signalHolder(o.journal);
        if (o.json) {
          const out = {
            journal: o.journal,
            tradingState: 'halted',
            closeAll: o.closeAll === true,
            signalled,
          };
          process.stdout.write(`${JSON.stringify(out)}\n`);
          return;
        }
        process.stdout.write(
          `trading halted in ${o.journal}${o.closeAll ? ' (close-all requested)' : ''}; ${signalled}\n`,
        );
      }),
    );

  program
    .command('resume')
    .description('manual reset of a latched halt (kill switch, loss limit, drawdown) and of market halts')
    .option('--journal <path>', 'journal file (the config default journal.path)', DEFAULT_JOURNAL_PATH)
    .option('--json', 'machine-readable output')
    .action(
      action(async (o: { journal: string; json?: boolean }) => {
        if (isPostgresUrl(o.journal)) {
          const where = await resumeOnPostgres(o.journal);
          process.stdout.write(
            o.json
              ? `${JSON.stringify({ journal: where, tradingState: 'active' })}\n`
              : `trading active in ${where}\n`,
          );
          return;
        }
        assertPerpflowJournal(o.journal);
        const j = openExistingJournal(o.journal);
        try {
          j.setMeta('tradingState', 'active');
          j.setMeta('tradingStateReason', 'manual resume (perpflow resume)');
          for (const m of metaWithPrefix(j, 'marketHalt:')) j.deleteMeta(m.key);
          j.deleteMeta(CLOSE_ALL_REQUESTED);
        } finally {
          j.close();
        }
        process.stdout.write(
          o.json
            ? `${JSON.stringify({ journal: o.journal, tradingState: 'active' })}\n`
            : `trading active in ${o.journal}\n`,
        );
      }),
    );

  registerStatusCommand(program);
}
