import type { Command } from 'commander';
import { runBot } from '../../kernel/runBot.ts';
import { consoleForRun } from '../../operate/api/consoleForRun.ts';
import { withTelegram } from '../../operate/telegram/telegramForRun.ts';
import { action } from '../action.ts';

/** `perpflow run CONFIG`: the bot, until SIGINT/SIGTERM. */
export function registerRunCommand(program: Command): void {
  program
    .command('run')
    .description(
      'run the strategies of a config: dry-run (simulated fills), sim (embedded simulator over HTTP) or live (the config must say mode: live)',
    )
    .argument('[config]', 'the YAML config file', 'config/default.yaml')
    .option('--dry-run', 'rehearse whatever the config says: fills by the simulator in process')
    .option('--sim', 'rehearse against the embedded simulator over HTTP')
    .option(
      '--fresh',
      'start a dry run over: its journal and paper account are kept as <file>.<UTC time> backups',
    )
    .option('--json', 'log lines as JSON on stderr (no terminal view); a failure as {"error":…}')
    .option(
      '--journal <where>',
      'a SQLite journal file, or postgres://… for a journal an active and standbys share',
    )
    .option(
      '--allow-shared-account',
      'run even when another bot trades the same venue account (logged loudly)',
    )
    .action(
      action(
        async (
          file: string,
          flags: {
            dryRun?: boolean;
            sim?: boolean;
            json?: boolean;
            journal?: string;
            fresh?: boolean;
            allowSharedAccount?: boolean;
          },
        ) => {
          const code = await runBot({
            configFile: file,
            out: process.stdout,
            json: flags.json === true,
            fresh: flags.fresh === true,
            allowSharedAccount: flags.allowSharedAccount === true,
            startConsole: withTelegram(
              consoleForRun(file, program.version() ?? 'unknown'),
              file,
              program.version() ?? 'unknown',
            ),
            ...(flags.journal === undefined ? {} : { journal: flags.journal }),
            ...(flags.dryRun ? { mode: 'dry-run' as const } : flags.sim ? { mode: 'sim' as const } : {}),
          });
          // Timers of libraries (keep-alive sockets, the logger's file) must not hold a stopped bot.
          process.exit(code);
        },
      ),
    );
}
