// A perpflow entry with the sim and account commands, for the end-to-end test while
// src/cli/main.ts does not register `sim` yet (the lead wires commands there).
import { CommanderError } from 'commander';
import { ExitCode } from '../../src/cli/action.ts';
import { registerAccountCommands } from '../../src/cli/commands/account/index.ts';
import { registerSimCommand } from '../../src/cli/commands/sim.ts';
import { createProgram } from '../../src/cli/program.ts';

const program = createProgram();
registerSimCommand(program);
registerAccountCommands(program);
try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (!(error instanceof CommanderError)) throw error;
  process.exitCode = error.exitCode === 0 ? ExitCode.ok : ExitCode.badInput;
}
