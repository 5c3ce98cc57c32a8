import { CommanderError } from 'commander';
import { registerConfigCommands } from '../../src/cli/commands/config.ts';
import { createProgram } from '../../src/cli/program.ts';

// The CLI as main.ts builds it, with only the config commands: used by the e2e test until
// main.ts registers them.
const program = createProgram();
registerConfigCommands(program);
try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (!(error instanceof CommanderError)) throw error;
  process.exitCode = error.exitCode === 0 ? 0 : 2;
}
