import type { Command } from 'commander';
import { registerKillSwitchCommands } from './killSwitch.ts';
import { registerStatusCommand } from './status.ts';

/** `perpflow halt`, `perpflow resume`, `perpflow status`: the kill switch and its state, on the journal. */
export function registerRiskCommands(program: Command): void {
  registerKillSwitchCommands(program);
  registerStatusCommand(program);
}
