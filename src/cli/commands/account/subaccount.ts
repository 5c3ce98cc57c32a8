import type { Command } from 'commander';
import { action } from '../../action.ts';
import { accountClient, walletSubaccount } from './clients.ts';
import { accountContext, type CommonOptions, withCommonOptions } from './options.ts';
import { printJson, renderTable } from './table.ts';

function toggle(enable: boolean) {
  return action(async (options: CommonOptions) => {
    const ctx = accountContext(options);
    const account = accountClient(ctx);
    const subaccount = await walletSubaccount(ctx, account);
    await account.toggleSubaccountAccess(subaccount, ctx.chainId, enable);
    if (ctx.json) return printJson({ subaccount, chainId: ctx.chainId, apiAccessEnabled: enable });
    process.stdout.write(
      `API access ${enable ? 'enabled' : 'disabled'} on ${subaccount} (chain ${ctx.chainId})\n`,
    );
  });
}

/** `perpflow account subaccount list|enable|disable` (session JWT). */
export function registerSubaccountCommands(account: Command): void {
  const sub = account
    .command('subaccount')
    .description('switch API access on or off for a subaccount (PERPFLOW_SESSION_JWT)');

  withCommonOptions(sub.command('list'))
    .description('the wallet’s subaccounts on the chain')
    .action(
      action(async (options: CommonOptions) => {
        const ctx = accountContext(options);
        const list = await accountClient(ctx).subaccounts(ctx.chainId);
        if (ctx.json) return printJson(list);
        process.stdout.write(
          renderTable(
            ['SUBACCOUNT', 'CHAIN', 'NAME', 'MARGIN', 'API ACCESS'],
            list.map((s) => [
              s.subaccount,
              String(s.chainId),
              s.name ?? '-',
              s.marginMode ?? '-',
              s.apiAccessEnabled ? 'enabled' : 'disabled',
            ]),
          ),
        );
      }),
    );

  withCommonOptions(sub.command('enable'))
    .description('enable API access (default: the wallet’s only subaccount on the chain)')
    .action(toggle(true));
  withCommonOptions(sub.command('disable'))
    .description('disable API access; every key is refused on it at once')
    .action(toggle(false));
}
