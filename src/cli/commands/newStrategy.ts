import type { Command } from 'commander';
import { action } from '../action.ts';
import { newStrategy } from './newStrategy/newStrategy.ts';
import { FILES } from './newStrategy/scaffoldStrategy.ts';

/** `perpflow new strategy NAME [--dir strategies] [--config FILE]`. */
export function registerNewCommands(program: Command): Command {
  const create = program.command('new').description('scaffold new project pieces');
  create
    .command('strategy')
    .description(
      'write a strategy module, its test and README from the template, ready to run and pass its test; ' +
        'outside a perpflow clone also package.json (perpflow, vitest, npm test), the config, a README and .gitignore',
    )
    .argument('<name>', 'the strategy name: lower-case letters, digits and dashes')
    .option('--dir <dir>', 'the folder that holds strategy folders', 'strategies')
    .option(
      '--config <file>',
      'the config that names it, written when it does not exist; the module path is relative to its folder ' +
        '(default: bot.yaml in a strategy repository, config/ in a perpflow clone)',
    )
    .option('--json', 'print {"wrote":DIR,"files":[…],"module":PATH,"created":[…]}')
    .action(
      action((name: string, options: { dir: string; config?: string; json?: boolean }) => {
        const made = newStrategy(name, options);
        if (options.json) {
          process.stdout.write(
            `${JSON.stringify({ wrote: made.target, files: FILES, module: made.module, created: made.created })}\n`,
          );
          return;
        }
        process.stdout.write(`${made.lines.join('\n')}\n`);
      }),
    );
  return create;
}
