import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { registerNewCommands } from './commands/newStrategy.ts';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export const EXIT_CODES_HELP = `
Getting started:
  perpflow sim                      run the venue simulator, then follow README "Connect an account"
  perpflow config validate FILE     check a config file
  (\`perpflow run\` — strategies, dry run, live — arrives with the next release; it does not exist yet)

Exit codes:
  0  success
  1  runtime failure (venue unreachable, journal error, …)
  2  bad input (config, flag, key format, data file)`;

/** The root command; each command family registers itself on it (see main.ts). */
export function createProgram(): Command {
  const program = new Command('perpflow')
    .description('Automated trading of perpetual futures on a request-for-quote venue.')
    .version(pkg.version, '-V, --version')
    .showHelpAfterError('(add --help for usage)')
    .addHelpText('after', EXIT_CODES_HELP)
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(text) });
  registerNewCommands(program);
  return program;
}
