import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { ConfigError } from '../../errors/ConfigError.ts';
import { action } from '../action.ts';

const TEMPLATE_DIR = new URL('../../../strategies/_template/', import.meta.url);
const FILES = ['index.ts', 'index.test.ts', 'README.md'] as const;
const PLACEHOLDER = /template-strategy/g;

/** Writes `<dir>/<name>/` from strategies/_template/, the template's name replaced by `name`. */
export function scaffoldStrategy(name: string, dir: string): string {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name))
    throw new ConfigError(`strategy name "${name}": use lower-case letters, digits and dashes, like my-idea`);
  const target = join(dir, name);
  if (existsSync(target)) throw new ConfigError(`${target} already exists; choose another name or remove it`);
  mkdirSync(target, { recursive: true });
  for (const file of FILES) {
    const text = readFileSync(new URL(file, TEMPLATE_DIR), 'utf8');
    writeFileSync(join(target, file), text.replace(PLACEHOLDER, name));
  }
  return target;
}

/** `perpflow new strategy NAME [--dir strategies]`. */
export function registerNewCommands(program: Command): Command {
  const create = program.command('new').description('scaffold new project pieces');
  create
    .command('strategy')
    .description(
      'write a strategy module, its test and README from the template, ready to run and pass its test',
    )
    .argument('<name>', 'the strategy name: lower-case letters, digits and dashes')
    .option('--dir <dir>', 'the folder that holds strategy folders', 'strategies')
    .option('--json', 'print {"wrote":DIR,"files":[…]}')
    .action(
      action((name: string, options: { dir: string; json?: boolean }) => {
        const target = scaffoldStrategy(name, options.dir);
        if (options.json) {
          process.stdout.write(`${JSON.stringify({ wrote: target, files: FILES })}\n`);
          return;
        }
        process.stdout.write(
          `wrote ${target}/{${FILES.join(',')}}\nnext: npx vitest run ${target}, then name it in a config: module: ./${target}/index.ts\n`,
        );
      }),
    );
  return create;
}
