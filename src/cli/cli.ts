import { CommanderError } from 'commander';
import { ExitCode } from './action.ts';
import { registerAccountCommands } from './commands/account/index.ts';
import { registerConfigCommands } from './commands/config.ts';
import { registerDataCommands } from './commands/data.ts';
import { registerJournalCommands } from './commands/journalRecover.ts';
import { registerRiskCommands } from './commands/risk.ts';
import { registerRunCommand } from './commands/run.ts';
import { registerSimCommand } from './commands/sim.ts';
import { nodeVersionProblem } from './nodeVersion.ts';
import { createProgram } from './program.ts';

const problem = nodeVersionProblem();
if (problem !== undefined) {
  process.stderr.write(`${problem}\n`);
  process.exit(ExitCode.badInput);
}

const program = createProgram();
registerConfigCommands(program);
registerAccountCommands(program);
registerRunCommand(program);
registerDataCommands(program);
registerSimCommand(program);
registerRiskCommands(program);
registerJournalCommands(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (!(error instanceof CommanderError)) throw error;
  // --help and --version end through here with exit code 0; usage errors are bad input.
  process.exitCode = error.exitCode === 0 ? ExitCode.ok : ExitCode.badInput;
}
