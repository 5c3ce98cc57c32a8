import type { Command } from 'commander';
import { ApiKeyId } from '../../../domain/ids.ts';
import { isOneOf } from '../../../domain/isOneOf.ts';
import { PERMISSIONS, type Permission } from '../../../domain/side.ts';
import { ConfigError } from '../../../errors/ConfigError.ts';
import { action } from '../../action.ts';
import { accountClient, walletSubaccount } from './clients.ts';
import { accountContext, type CommonOptions, withCommonOptions } from './options.ts';
import { printJson } from './table.ts';

/** `OPEN_POSITION,CLOSE_POSITION` or `OPEN_POSITION CLOSE_POSITION`, case-insensitive. */
export function parsePermissions(values: readonly string[]): Permission[] {
  const names = values.flatMap((v) => v.split(/[\s,]+/)).filter((v) => v !== '');
  if (names.length === 0)
    throw new ConfigError(`--permissions: name at least one of ${PERMISSIONS.join(', ')}`);
  const upper = names.map((n) => n.toUpperCase());
  const unknown = names.filter((_, i) => !isOneOf(PERMISSIONS, upper[i]));
  if (unknown.length > 0)
    throw new ConfigError(
      `--permissions: unknown ${unknown.join(', ')} (choose from ${PERMISSIONS.join(', ')})`,
    );
  return [...new Set(upper.filter((n) => isOneOf(PERMISSIONS, n)))];
}

/** `perpflow account delegate --key-id <id> --permissions …` (session JWT). */
export function registerDelegateCommand(account: Command): void {
  withCommonOptions(account.command('delegate'))
    .description('give an API key exactly these permissions on the subaccount (replaces earlier ones)')
    .requiredOption('--key-id <id>', 'the key id printed by `keys create` or `keys list`')
    .requiredOption('--permissions <names...>', `any of ${PERMISSIONS.join(', ')} (comma or space separated)`)
    .action(
      action(async (options: CommonOptions & { keyId: string; permissions: string[] }) => {
        const ctx = accountContext(options);
        const permissions = parsePermissions(options.permissions);
        const account = accountClient(ctx);
        const subaccount = await walletSubaccount(ctx, account);
        await account.delegateAccess(subaccount, ApiKeyId(options.keyId), permissions);
        if (ctx.json) return printJson({ subaccount, apiKeyId: options.keyId, permissions });
        process.stdout.write(
          `delegated ${permissions.join(', ')} on ${subaccount} to key ${options.keyId}\n`,
        );
      }),
    );
}
