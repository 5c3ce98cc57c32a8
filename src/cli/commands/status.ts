import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { loadConfig } from '../../config/loadConfig.ts';
import { DEFAULT_JOURNAL_PATH } from '../../config/sections/runtime.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import { refuseCorruptJournal } from '../../journal/corruptJournal.ts';
import { isPostgresUrl } from '../../journal/postgres/openPostgresJournal.ts';
import { readPgJournal } from '../../journal/postgres/pgReadOnly.ts';
import { openReadOnlyJournal, type ReadOnlyJournal } from '../../journal/readOnlyJournal.ts';
import { parsePaperAccount, readPaperAccount } from '../../kernel/edges/paperAccount.ts';
import { journalFileFor, paperAccountFileFor } from '../../kernel/journalFor.ts';
import { shadowJournalFileFor } from '../../kernel/shadow/shadowJournalFile.ts';
import { renderDrift } from '../../report/drift/renderDrift.ts';
import type { EngineSnapshot } from '../../simulator/engine/SimEngine.ts';
import { action } from '../action.ts';
import { statusDrift } from './statusDrift.ts';
import { renderStatus, statusReport } from './statusReport.ts';

interface StatusOptions {
  readonly journal?: string;
  readonly dryRun?: boolean;
  readonly json?: boolean;
}

/**
 * The journal file a shadow of this run keeps beside live's (`shadow:`): beside the config's
 * journal path, or beside the `--journal` file.
 */
function shadowOf(config: string | undefined, o: StatusOptions, path: string): string | undefined {
  if (o.dryRun === true) return undefined;
  if (config !== undefined) return shadowJournalFileFor(loadConfig(config).journal.path);
  return isPostgresUrl(path) ? undefined : shadowJournalFileFor(path);
}

/** The journal a config's run uses (`status CONFIG`), or the one `--journal` names. */
function journalOf(config: string | undefined, o: StatusOptions): string {
  if (config !== undefined && o.journal !== undefined)
    throw new ConfigError('status: give a config or --journal, not both');
  if (config === undefined) {
    const path = o.journal ?? DEFAULT_JOURNAL_PATH;
    if (isPostgresUrl(path)) return path;
    const dryRun = journalFileFor(path, 'dry-run');
    // The path written in a config is not the dry run's file: say which one is.
    if (!existsSync(path) && existsSync(dryRun))
      throw new ConfigError(
        `--journal: no journal at ${path}; a dry run keeps its own at ${dryRun}: \`perpflow status --journal ${dryRun}\`, or \`perpflow status CONFIG\``,
      );
    return path;
  }
  const c = loadConfig(config);
  // `run` keeps journal.url whatever the mode: a dry run of this config journals there too.
  if (c.journal.url !== undefined) return c.journal.url;
  return journalFileFor(c.journal.path, o.dryRun === true ? 'dry-run' : c.mode);
}

/** The paper account kept with the journal: in the store (PostgreSQL), else beside the file. */
function paperAccountWith(
  j: ReadOnlyJournal,
  path: string,
): { file: string; state: EngineSnapshot } | undefined {
  const kept = j.paperAccount?.();
  if (kept !== undefined) return { file: kept.where, state: parsePaperAccount(kept.text, kept.where) };
  const file = isPostgresUrl(path) ? undefined : paperAccountFileFor(path);
  const state = file === undefined ? undefined : readPaperAccount(file);
  return file === undefined || state === undefined ? undefined : { file, state };
}

/** `perpflow status [CONFIG]`: reads the journal in SQLite's read-only mode; it never writes to the file. */
export function registerStatusCommand(program: Command): void {
  program
    .command('status')
    .description(
      'positions, PnL, trading state, per-strategy counts and open requests of a running or stopped bot (read-only)',
    )
    .argument('[config]', "the bot's config: its mode says which journal (a dry run keeps its own)")
    .option(
      '--journal <where>',
      `journal file or postgres:// URL (default ${DEFAULT_JOURNAL_PATH}, the config default journal.path)`,
    )
    .option('--dry-run', 'with CONFIG: the journal of that config run with --dry-run')
    .option('--json', 'machine-readable output, the same fields')
    .action(
      action(async (config: string | undefined, o: StatusOptions) => {
        const path = journalOf(config, o);
        const j = isPostgresUrl(path) ? await readPgJournal(path) : openReadOnlyJournal(path);
        try {
          if (!isPostgresUrl(path)) refuseCorruptJournal(path);
          const status = statusReport(j, paperAccountWith(j, path));
          const drift = statusDrift(j, shadowOf(config, o, path));
          process.stdout.write(
            o.json
              ? `${JSON.stringify({ ...status, drift: drift ?? null }, null, 2)}\n`
              : `${renderStatus(status)}${drift === undefined ? '' : `${renderDrift(drift)}\n`}`,
          );
        } finally {
          j.close();
        }
      }),
    );
}
