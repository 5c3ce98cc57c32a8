import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { envRef } from '../../config/envReference.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import { hashPassword } from '../../operate/api/passwordHash.ts';
import { action } from '../action.ts';

/** The password: typed at a terminal (not echoed), or the first line of a pipe. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split('\n')[0]?.replace(/\r$/, '') ?? '';
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  process.stderr.write('password: ');
  // Nothing typed is drawn: readline's echo goes through this, which drops it.
  Object.assign(rl, { _writeToOutput: () => {} });
  const line = await new Promise<string>((done) => rl.once('line', done));
  rl.close();
  process.stderr.write('\n');
  return line;
}

/** `perpflow console hash`: the scrypt hash a console user's passwordHash env variable holds. */
export function registerConsoleCommands(program: Command): void {
  const c = program.command('console').description('the web console and control API of `perpflow run`');
  c.command('hash')
    .description(
      `hash a console password (typed, or piped on stdin) for a user's passwordHash: put it in an environment variable and write ${envRef('NAME')} in the config`,
    )
    .action(
      action(async () => {
        const password = await readPassword();
        if (password.length < 12) throw new ConfigError('a console password needs at least 12 characters');
        process.stdout.write(`${await hashPassword(password)}\n`);
      }),
    );
}
