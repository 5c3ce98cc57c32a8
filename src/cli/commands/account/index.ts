import type { Command } from 'commander';
import { registerBalanceCommand } from './balance.ts';
import { registerDelegateCommand } from './delegate.ts';
import { registerInstantTokenCommand } from './instantToken.ts';
import { registerKeyCommands } from './keys.ts';
import { registerPositionsCommand } from './positions.ts';
import { registerSubaccountCommands } from './subaccount.ts';

/**
 * `perpflow account …`: the setup a user does once (keys, subaccount access, delegation,
 * instant-action token) with PERPFLOW_SESSION_JWT, and two reads with PERPFLOW_API_KEY.
 */
export function registerAccountCommands(program: Command): Command {
  const account = program
    .command('account')
    .description('connect an account: API keys, subaccount access, delegation, balance and positions');
  registerKeyCommands(account);
  registerSubaccountCommands(account);
  registerDelegateCommand(account);
  registerInstantTokenCommand(account);
  registerBalanceCommand(account);
  registerPositionsCommand(account);
  return account;
}
