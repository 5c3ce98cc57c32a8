import type { Command } from 'commander';
import { action } from '../../action.ts';
import { venueClient } from './clients.ts';
import { accountContext, type CommonOptions, withCommonOptions } from './options.ts';
import { printJson, renderFields } from './table.ts';

/** `perpflow account balance` (PERPFLOW_API_KEY). */
export function registerBalanceCommand(account: Command): void {
  withCommonOptions(account.command('balance'))
    .description('collateral, equity and margin of the subaccount (PERPFLOW_API_KEY, VIEW_DETAILS)')
    .action(
      action(async (options: CommonOptions) => {
        const ctx = accountContext(options);
        const b = await (await venueClient(ctx)).balance();
        if (ctx.json) return printJson(b);
        process.stdout.write(
          `${b.subaccount} (chain ${ctx.chainId})\n${renderFields([
            ['allocated', b.allocated.toFixed()],
            ['equity', b.equity.toFixed()],
            ['available margin', b.availableMargin.toFixed()],
            ['locked margin', b.lockedMargin.toFixed()],
            ['unrealized PnL', b.unrealizedPnl.toFixed()],
          ])}`,
        );
      }),
    );
}
