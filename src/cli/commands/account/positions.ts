import type { Command } from 'commander';
import { openQuantity } from '../../../domain/position.ts';
import { action } from '../../action.ts';
import { venueClient } from './clients.ts';
import { accountContext, type CommonOptions, withCommonOptions } from './options.ts';
import { printJson, renderTable } from './table.ts';

/** `perpflow account positions` (PERPFLOW_API_KEY). */
export function registerPositionsCommand(account: Command): void {
  withCommonOptions(account.command('positions'))
    .description('open positions and pending opens of the subaccount (PERPFLOW_API_KEY, VIEW_DETAILS)')
    .action(
      action(async (options: CommonOptions) => {
        const ctx = accountContext(options);
        const list = await (await venueClient(ctx)).positions();
        if (ctx.json) return printJson(list);
        process.stdout.write(
          renderTable(
            ['SYMBOL', 'SIDE', 'OPEN QTY', 'ENTRY', 'LEV', 'STATUS', 'UPNL', 'MARGIN', 'QUOTE ID', 'TEMP ID'],
            list.map((p) => [
              p.symbol,
              p.side,
              openQuantity(p).toFixed(),
              p.openedPrice === null ? '-' : p.openedPrice.toFixed(),
              `${p.leverage}x`,
              p.status,
              p.unrealizedPnl.toFixed(),
              p.margin.toFixed(),
              p.quoteId ?? '-',
              p.tempId ?? '-',
            ]),
          ),
        );
      }),
    );
}
