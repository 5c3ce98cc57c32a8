import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { isRecord } from '../domain/isRecord.ts';

const pkg: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const version = isRecord(pkg) && typeof pkg.version === 'string' ? pkg.version : 'unknown';

export const EXIT_CODES_HELP = `
Getting started:
  npm start                         a dry run of config/default.yaml on the embedded simulator
  npx perpflow run FILE             run a config's strategies (dry-run, sim or live, as it says)
  npx perpflow sim                  run the venue simulator, then follow README "Connect an account"
  npx perpflow config validate FILE check a config file

Exit codes:
  0  success
  1  runtime failure (venue unreachable, journal error, …)
  2  bad input (config, flag, key format, data file)
With --json, a failure is one line on stderr: {"error":{"code","exitCode","message",…}}.`;

/** The root command, without commands: cli.ts registers the one being run (see selectCommands). */
export function createProgram(): Command {
  const program = new Command('perpflow')
    .description('Automated trading of perpetual futures on a request-for-quote venue.')
    .version(version, '-V, --version')
    .showHelpAfterError(process.argv.includes('--json') ? false : '(add --help for usage)')
    .addHelpText('after', EXIT_CODES_HELP)
    .exitOverride()
    .configureOutput({
      // Usage errors (unknown option, missing argument) are JSON too when the caller asked for JSON.
      outputError: (text, write) =>
        write(
          process.argv.includes('--json')
            ? `${JSON.stringify({ error: { code: 'USAGE', exitCode: 2, message: text.replace(/^error: /, '').trim() } })}\n`
            : text,
        ),
    });
  return program;
}
