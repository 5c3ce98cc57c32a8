import type { Command } from 'commander';
import { loadConfig } from '../../config/loadConfig.ts';
import { checkTelegram } from '../../operate/telegram/checkTelegram.ts';
import { action, ExitCode } from '../action.ts';

/** `perpflow telegram check <config>`: the bot token and the allow-list, before a run relies on them. */
export function registerTelegramCommands(program: Command): Command {
  const telegram = program.command('telegram').description('the Telegram front end of a running bot');
  telegram
    .command('check')
    .description(
      "confirm the config's bot token (getMe) and that each allowed user can be reached (exit 0), else say what is wrong (exit 1)",
    )
    .argument('<config>', 'the YAML config file')
    .option('--json', 'print {"ok":…,"lines":[…]}')
    .action(
      action(async (file: string, options: { json?: boolean }) => {
        const result = await checkTelegram(loadConfig(file).telegram, file);
        process.stdout.write(
          options.json === true ? `${JSON.stringify(result)}\n` : `${result.lines.join('\n')}\n`,
        );
        if (!result.ok) process.exitCode = ExitCode.failure;
      }),
    );
  return telegram;
}
