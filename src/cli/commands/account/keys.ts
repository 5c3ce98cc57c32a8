import type { Command } from 'commander';
import { ApiKeyId } from '../../../domain/ids.ts';
import { keyPermissions } from '../../../venue/keyReads.ts';
import type { KeyPermissions } from '../../../venue/VenuePort.ts';
import { action } from '../../action.ts';
import { accountClient } from './clients.ts';
import { accountContext, type CommonOptions, secretFromEnv, withCommonOptions } from './options.ts';
import { formatTime, printJson, renderFields, renderTable } from './table.ts';

const ONCE_WARNING =
  'WARNING: this secret is shown only once and cannot be shown again. Store it now (for example in a\n' +
  'secrets manager) and export it as PERPFLOW_API_KEY. If it is lost, revoke the key and create a new one.\n';

function printPermissions(p: KeyPermissions, json: boolean): void {
  if (json) {
    printJson(p);
    return;
  }
  process.stdout.write(`key valid: ${p.isValid ? 'yes' : 'no (revoked)'}\n`);
  process.stdout.write(
    renderTable(
      ['SUBACCOUNT', 'CHAIN', 'PERMISSIONS'],
      p.subaccounts.map((s) => [s.subaccount, String(s.chainId), s.permissions.join(',')]),
    ),
  );
}

/** `perpflow account keys create|list|rename|revoke|permissions` (session JWT). */
export function registerKeyCommands(account: Command): void {
  const keys = account
    .command('keys')
    .description('create, list, rename and revoke API keys (PERPFLOW_SESSION_JWT)');

  withCommonOptions(keys.command('create'))
    .description('create an API key; its secret is printed once and can never be shown again')
    .requiredOption('--name <name>', 'a label for the key, e.g. the bot or environment using it')
    .action(
      action(async (options: CommonOptions & { name: string }) => {
        const ctx = accountContext(options);
        const created = await accountClient(ctx).createApiKey(options.name);
        if (ctx.json) printJson(created);
        else
          process.stdout.write(
            `API key created\n${renderFields([
              ['id', created.id],
              ['name', created.name],
              ['created', formatTime(created.createdAt)],
              ['secret', created.key],
            ])}`,
          );
        process.stderr.write(ONCE_WARNING);
      }),
    );

  withCommonOptions(keys.command('list'))
    .description('list the wallet’s API keys (never their secrets)')
    .action(
      action(async (options: CommonOptions) => {
        const ctx = accountContext(options);
        const list = await accountClient(ctx).listApiKeys();
        if (ctx.json) return printJson(list);
        process.stdout.write(
          renderTable(
            ['ID', 'NAME', 'CREATED', 'LAST USED', 'STATUS'],
            list.map((k) => [
              k.id,
              k.name,
              formatTime(k.createdAt),
              formatTime(k.lastUsedAt),
              k.revoked ? 'revoked' : 'active',
            ]),
          ),
        );
      }),
    );

  withCommonOptions(keys.command('rename'))
    .description('rename an API key')
    .argument('<id>', 'key id (from `keys list`)')
    .argument('<name>', 'the new name')
    .action(
      action(async (id: string, name: string, options: CommonOptions) => {
        const ctx = accountContext(options);
        const k = await accountClient(ctx).renameApiKey(ApiKeyId(id), name);
        if (ctx.json) return printJson(k);
        process.stdout.write(`renamed ${k.id} to ${JSON.stringify(k.name)}\n`);
      }),
    );

  withCommonOptions(keys.command('revoke'))
    .description('revoke an API key; it is refused from its very next request')
    .argument('<id>', 'key id (from `keys list`)')
    .action(
      action(async (id: string, options: CommonOptions) => {
        const ctx = accountContext(options);
        const k = await accountClient(ctx).revokeApiKey(ApiKeyId(id));
        if (ctx.json) return printJson(k);
        process.stdout.write(`revoked ${k.id} (${k.name})\n`);
      }),
    );

  withCommonOptions(keys.command('permissions'))
    .description('what a key may do on which subaccount: [id] with the JWT, or PERPFLOW_API_KEY itself')
    .argument('[id]', 'key id; omit to inspect PERPFLOW_API_KEY')
    .action(
      action(async (id: string | undefined, options: CommonOptions) => {
        const ctx = accountContext(options);
        const permissions =
          id === undefined
            ? await keyPermissions({
                baseUrl: ctx.baseUrl,
                apiKey: secretFromEnv('PERPFLOW_API_KEY'),
                clock: ctx.clock,
              })
            : await accountClient(ctx).keyPermissions(ApiKeyId(id));
        printPermissions(permissions, ctx.json);
      }),
    );
}
