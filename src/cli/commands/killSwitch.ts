import type { Command } from 'commander';
import { CLOSE_ALL_REQUESTED, HALT_SIGNAL } from '../../execution/haltSignal.ts';
import type { Journal } from '../../journal/Journal.ts';
import { metaWithPrefix, openExistingJournal } from '../../journal/journalStatus.ts';
import { isPostgresUrl } from '../../journal/postgres/openPostgresJournal.ts';
import { assertPerpflowJournal } from '../../journal/readOnlyJournal.ts';
import { RESUME_REQUESTED } from '../../risk/killSwitchKeys.ts';
import { action, ExitCode } from '../action.ts';
import { type KillSwitchTarget, killSwitchTargets, pgJournalOfConfig } from './killSwitchTargets.ts';
import { haltOnPostgres, resumeOnPostgres } from './pgRisk.ts';

interface Reached {
  readonly journal: string;
  readonly signalled: readonly { readonly pid: number; readonly mode: string; readonly config: string }[];
}

/** Writes the journal of each target, then signals its running bots; what was reached. */
function apply(targets: readonly KillSwitchTarget[], write: (j: Journal) => void): Reached[] {
  return targets.map((t) => {
    assertPerpflowJournal(t.journal);
    const j = openExistingJournal(t.journal);
    try {
      write(j);
    } finally {
      j.close();
    }
    const signalled = t.bots.filter((b) => {
      try {
        process.kill(b.pid, HALT_SIGNAL);
        return true;
      } catch {
        return false; // it died in between: the latch in its journal is what its next start reads
      }
    });
    return {
      journal: t.journal,
      signalled: signalled.map((b) => ({ pid: b.pid, mode: b.mode, config: b.config })),
    };
  });
}

/** Prints what happened; a switch that reached no running bot is not a success (exit 1). */
function report(verb: string, reached: readonly Reached[], json: boolean | undefined): void {
  const none = reached.every((r) => r.signalled.length === 0);
  if (none) process.exitCode = ExitCode.failure;
  if (json) {
    process.stdout.write(`${JSON.stringify({ [verb]: reached, reachedRunningBot: !none })}\n`);
    return;
  }
  for (const r of reached) {
    const bots = r.signalled.map((b) => `pid ${b.pid} (${b.mode}, ${b.config})`).join(', ');
    process.stdout.write(
      `${verb} in ${r.journal}: ${bots === '' ? 'latched for its next start; NO running bot uses it' : `signalled ${bots}`}\n`,
    );
  }
  if (none)
    process.stdout.write(
      `no running bot was reached: nothing trading was ${verb} now (exit ${ExitCode.failure})\n`,
    );
}

/** The PostgreSQL journal `--journal` names, or CONFIG runs on; undefined for SQLite. */
function pgJournalOf(config: string | undefined, o: { readonly journal?: string }): string | undefined {
  if (o.journal !== undefined) return isPostgresUrl(o.journal) ? o.journal : undefined;
  return config === undefined ? undefined : pgJournalOfConfig(config);
}

interface Options {
  readonly journal?: string;
  readonly json?: boolean;
}

/** `perpflow halt [CONFIG]` and `perpflow resume [CONFIG]`: the kill switch, found whatever the mode. */
export function registerKillSwitchCommands(program: Command): void {
  program
    .command('halt [config]')
    .description(
      'kill switch: latch HALTED (no new exposure) in the journal of every running bot — or of CONFIG, or --journal — and signal it',
    )
    .option(
      '--journal <where>',
      'the journal to halt, a file or postgres:// URL (default: every bot running on this host)',
    )
    .option('--close-all', 'also close every position with close-all-positions')
    .option('--reason <text>', 'why, for the journal and the alert', 'operator halt (perpflow halt)')
    .option('--json', 'machine-readable output')
    .action(
      action(async (config: string | undefined, o: Options & { closeAll?: boolean; reason: string }) => {
        const pgUrl = pgJournalOf(config, o);
        if (pgUrl !== undefined) {
          // A shared journal: the active instance, on whichever host, reads the latch at its next renewal.
          const { where, signalled } = await haltOnPostgres(pgUrl, o.reason, o.closeAll === true);
          const out = { journal: where, tradingState: 'halted', closeAll: o.closeAll === true, signalled };
          process.stdout.write(
            o.json ? `${JSON.stringify(out)}\n` : `trading halted in ${where}; ${signalled}\n`,
          );
          return;
        }
        const targets = killSwitchTargets({ ...(config === undefined ? {} : { config }), ...o });
        const reached = apply(targets, (j) => {
          j.setMeta('tradingState', 'halted');
          j.setMeta('tradingStateReason', o.reason);
          j.deleteMeta(RESUME_REQUESTED);
          if (o.closeAll) j.setMeta(CLOSE_ALL_REQUESTED, 'cli');
        });
        report(o.closeAll ? 'halted (close-all requested)' : 'halted', reached, o.json);
      }),
    );

  program
    .command('resume [config]')
    .description('manual reset of a latched halt (kill switch, loss limit, drawdown) and of market halts')
    .option(
      '--journal <where>',
      'the journal to resume, a file or postgres:// URL (default: every bot running on this host)',
    )
    .option('--json', 'machine-readable output')
    .action(
      action(async (config: string | undefined, o: Options) => {
        const pgUrl = pgJournalOf(config, o);
        if (pgUrl !== undefined) {
          const where = await resumeOnPostgres(pgUrl);
          const out = { journal: where, tradingState: 'active' };
          process.stdout.write(o.json ? `${JSON.stringify(out)}\n` : `trading active in ${where}\n`);
          return;
        }
        const targets = killSwitchTargets({ ...(config === undefined ? {} : { config }), ...o });
        const reached = apply(targets, (j) => {
          j.setMeta('tradingState', 'active');
          j.setMeta('tradingStateReason', 'manual resume (perpflow resume)');
          for (const m of metaWithPrefix(j, 'marketHalt:')) j.deleteMeta(m.key);
          j.deleteMeta(CLOSE_ALL_REQUESTED);
          j.setMeta(RESUME_REQUESTED, 'cli');
        });
        report('resumed', reached, o.json);
      }),
    );
}
