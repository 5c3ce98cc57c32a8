import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { SystemClock } from '../../clock/SystemClock.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import { CorruptJournalError, openJournal } from '../../journal/openJournal.ts';
import { action } from '../action.ts';

/**
 * `perpflow journal recover FILE`: the deliberate way past a corrupt journal. The file (with its
 * WAL) is moved aside as evidence, a fresh journal takes its place and remembers where the old one
 * went, and the next start adopts every venue position as external (not traded by a strategy),
 * halted until `perpflow resume`.
 */
export function registerJournalCommands(program: Command): void {
  const journal = program.command('journal').description('the journal file itself');
  journal
    .command('recover <file>')
    .description(
      'move a corrupt journal aside and start a fresh one; the next start adopts every venue position as external',
    )
    .option('--json', 'machine-readable output')
    .action(
      action((file: string, o: { json?: boolean }) => {
        if (!existsSync(file)) throw new ConfigError(`journal recover: no file at ${file}`);
        const clock = new SystemClock();
        try {
          // A healthy journal is never replaced: refuse opens it, and that is the answer.
          openJournal({ path: file, clock }).journal.close();
        } catch (e) {
          if (!(e instanceof CorruptJournalError)) throw e;
          const opened = openJournal({ path: file, clock, onCorrupt: 'quarantine' });
          opened.journal.close();
          const movedTo = opened.quarantinedTo ?? '(unknown)';
          process.stdout.write(
            o.json
              ? `${JSON.stringify({ journal: file, movedTo, tradingState: 'halted' })}\n`
              : `moved the corrupt journal to ${movedTo}; a fresh journal is at ${file}. It starts HALTED: the next start adopts every venue position as external and opens nothing new until \`perpflow resume --journal ${file}\`\n`,
          );
          return;
        }
        throw new ConfigError(`journal recover: ${file} is a healthy journal; nothing to recover`);
      }),
    );
}
