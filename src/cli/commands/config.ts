import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import { jsonSchemaText } from '../../config/jsonSchema.ts';
import { embeddedSimulatorMarkets } from '../../kernel/edges/embeddedSimulatorMarkets.ts';
import { loadFaultProfile } from '../../simulator/faults/FaultProfile.ts';
import { loadConfigWithStrategies } from '../../strategy/loadConfigWithStrategies.ts';
import { builtinParamsRules } from '../../strategy/paramsJsonSchema.ts';
import { action } from '../action.ts';
import { checkMarketsOnline } from './checkMarketsOnline.ts';
import { isFaultProfileFile } from './faultProfileFile.ts';

export const DEFAULT_SCHEMA_FILE = 'config/schema.json';

/** `perpflow config validate <file>` and `perpflow config schema [--out FILE]`. */
export function registerConfigCommands(program: Command): Command {
  const config = program.command('config').description('check config files and write their JSON Schema');

  config
    .command('validate')
    .description(
      'validate a config file: prints "ok: <file>" (exit 0) or every problem with its line and column (exit 2)',
    )
    .argument('<file>', 'the YAML config file')
    .option(
      '--online',
      "also ask the venue (venue.url, or the embedded simulator's list when null) whether it lists every market",
    )
    .option('--json', 'print {"ok":true,"file":…}; problems go to stderr as {"error":{…,"issues":[…]}}')
    .action(
      action(async (file: string, options: { json?: boolean; online?: boolean }) => {
        if (isFaultProfileFile(file)) {
          loadFaultProfile(file);
          process.stdout.write(
            options.json
              ? `${JSON.stringify({ ok: true, file, kind: 'fault profile' })}\n`
              : `ok: ${file} (a simulator fault profile: simulator.faults or perpflow sim --faults names it)\n`,
          );
          return;
        }
        const { config } = await loadConfigWithStrategies(file, {
          checkPaths: true,
          // Offline, the markets are known for the embedded simulator only (--online checks them after).
          listedMarkets: (c) => {
            const markets = options.online === true ? undefined : embeddedSimulatorMarkets(c);
            return markets && { listed: markets.map((m) => m.spec.symbol), venue: 'the simulator' };
          },
        });
        if (options.online === true) await checkMarketsOnline(config, file);
        process.stdout.write(options.json ? `${JSON.stringify({ ok: true, file })}\n` : `ok: ${file}\n`);
      }),
    );

  config
    .command('schema')
    .description('write the JSON Schema of config files, for editors (YAML language server)')
    .option('--out <file>', 'where to write it; "-" for standard output', DEFAULT_SCHEMA_FILE)
    .option('--json', 'print {"wrote":FILE} (the schema itself is JSON with --out -)')
    .action(
      action(async (options: { out: string; json?: boolean }) => {
        const text = jsonSchemaText(await builtinParamsRules());
        if (options.out === '-') {
          process.stdout.write(text);
          return;
        }
        mkdirSync(dirname(options.out), { recursive: true });
        writeFileSync(options.out, text);
        process.stdout.write(
          options.json ? `${JSON.stringify({ wrote: options.out })}\n` : `wrote ${options.out}\n`,
        );
      }),
    );

  return config;
}
