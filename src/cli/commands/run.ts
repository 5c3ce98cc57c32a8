import type { Command } from 'commander';
import { runBot } from '../../kernel/runBot.ts';
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
    .option('--json', 'log lines as JSON on stderr (no terminal view); a failure as {"error":…}')
    .option(
      '--allow-shared-account',
      'run even when another bot trades the same venue account (logged loudly)',
    )
    .action(
      action(
        async (
          file: string,
          flags: { dryRun?: boolean; sim?: boolean; json?: boolean; allowSharedAccount?: boolean },
        ) => {
          const code = await runBot({
            configFile: file,
            out: process.stdout,
            json: flags.json === true,
            allowSharedAccount: flags.allowSharedAccount === true,
            ...(flags.dryRun ? { mode: 'dry-run' as const } : flags.sim ? { mode: 'sim' as const } : {}),
          });
          // Timers of libraries (keep-alive sockets, the logger's file) must not hold a stopped bot.
          process.exit(code);
        },
      ),
    );
}
