import type { Command } from 'commander';
import { ConfigError } from '../../../errors/ConfigError.ts';
import { checkInstantToken } from '../../../venue/actions/accountAuth.ts';
import { DEFAULT_SOLVER } from '../../../venue/createVenueClient.ts';
import { action } from '../../action.ts';
import { accountClient, walletSubaccount } from './clients.ts';
import { accountContext, type CommonOptions, withCommonOptions } from './options.ts';
import { printJson } from './table.ts';

/** `perpflow account instant-token set` (session JWT). The token is read from the environment. */
export function registerInstantTokenCommand(account: Command): void {
  const it = account
    .command('instant-token')
    .description('instant-action tokens: needed for useInstantActions (the default) (PERPFLOW_SESSION_JWT)');

  withCommonOptions(it.command('set'))
    .description(
      'register the solver’s instant-action token for the subaccount (from PERPFLOW_INSTANT_TOKEN)',
    )
    .option('--solver <name>', 'the solver the token is for', DEFAULT_SOLVER)
    .action(
      action(async (options: CommonOptions & { solver: string }) => {
        const ctx = accountContext(options);
        const token = process.env.PERPFLOW_INSTANT_TOKEN?.trim() ?? '';
        if (token === '')
          throw new ConfigError('PERPFLOW_INSTANT_TOKEN is not set: export the token your solver issued');
        checkInstantToken(token);
        const account = accountClient(ctx);
        const subaccount = await walletSubaccount(ctx, account);
        await account.setInstantActionToken(subaccount, ctx.chainId, options.solver, token);
        if (ctx.json)
          return printJson({ subaccount, chainId: ctx.chainId, solver: options.solver, registered: true });
        process.stdout.write(`instant-action token registered for ${subaccount} with ${options.solver}\n`);
      }),
    );
}
