import { CommanderError } from 'commander';
import { ExitCode } from './action.ts';
import { nodeVersionProblem } from './nodeVersion.ts';
import { createProgram } from './program.ts';
import { type CommandEntry, selectCommands } from './selectCommands.ts';

const problem = nodeVersionProblem();
if (problem !== undefined) {
  process.stderr.write(`${problem}\n`);
  process.exit(ExitCode.badInput);
}

/**
 * Every top-level command, in the order the help lists them. A command's module is imported only
 * when that command runs (see selectCommands): add a command here, with every top-level name its
 * register function creates, and keep heavy imports out of the module's top level when its
 * --help should stay fast.
 */
const COMMANDS: readonly CommandEntry[] = [
  { names: ['new'], load: async () => (await import('./commands/newStrategy.ts')).registerNewCommands },
  { names: ['backtest'], load: async () => (await import('./commands/backtest.ts')).registerBacktestCommand },
  { names: ['optimize'], load: async () => (await import('./commands/optimize.ts')).registerOptimizeCommand },
  { names: ['worker'], load: async () => (await import('./commands/worker.ts')).registerWorkerCommand },
  { names: ['config'], load: async () => (await import('./commands/config.ts')).registerConfigCommands },
  {
    names: ['account'],
    load: async () => (await import('./commands/account/index.ts')).registerAccountCommands,
  },
  {
    names: ['close', 'pause', 'unpause', 'cancel'],
    load: async () => (await import('./commands/operatorCommands.ts')).registerOperatorCommands,
  },
  {
    names: ['console'],
    load: async () => (await import('./commands/consoleHash.ts')).registerConsoleCommands,
  },
  { names: ['record'], load: async () => (await import('./commands/record.ts')).registerRecordCommands },
  { names: ['replay'], load: async () => (await import('./commands/replay.ts')).registerReplayCommand },
  { names: ['run'], load: async () => (await import('./commands/run.ts')).registerRunCommand },
  { names: ['data'], load: async () => (await import('./commands/data.ts')).registerDataCommands },
  { names: ['sim'], load: async () => (await import('./commands/sim.ts')).registerSimCommand },
  {
    names: ['halt', 'resume', 'status'],
    load: async () => (await import('./commands/risk.ts')).registerRiskCommands,
  },
  {
    names: ['journal'],
    load: async () => (await import('./commands/journalRecover.ts')).registerJournalCommands,
  },
  {
    names: ['telegram'],
    load: async () => (await import('./commands/telegram.ts')).registerTelegramCommands,
  },
];

const program = createProgram();
for (const entry of selectCommands(COMMANDS, process.argv.slice(2))) (await entry.load())(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (!(error instanceof CommanderError)) throw error;
  // --help and --version end through here with exit code 0; usage errors are bad input.
  process.exitCode = error.exitCode === 0 ? ExitCode.ok : ExitCode.badInput;
}
