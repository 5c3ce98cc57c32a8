import type { Command } from 'commander';
import type { Clock } from '../../../clock/Clock.ts';
import { SystemClock } from '../../../clock/SystemClock.ts';
import { ChainId, SubaccountAddress } from '../../../domain/ids.ts';
import { VenueFacts } from '../../../domain/venueFacts.ts';
import { ConfigError } from '../../../errors/ConfigError.ts';

export const DEFAULT_VENUE_URL = 'http://127.0.0.1:8787';

/** What every `perpflow account …` command accepts. */
export interface CommonOptions {
  readonly venue: string;
  readonly chainId: string;
  readonly subaccount?: string;
  readonly json?: boolean;
}

export interface AccountContext {
  readonly baseUrl: string;
  readonly chainId: ChainId;
  /** From --subaccount or PERPFLOW_SUBACCOUNT; commands that need one may discover it instead. */
  readonly subaccount: SubaccountAddress | undefined;
  readonly json: boolean;
  readonly clock: Clock;
}

export function withCommonOptions(command: Command): Command {
  return command
    .option(
      '--venue <url>',
      'venue base URL (env PERPFLOW_VENUE_URL)',
      process.env.PERPFLOW_VENUE_URL ?? DEFAULT_VENUE_URL,
    )
    .option('--chain-id <id>', 'chain id', String(VenueFacts.defaultChainId))
    .option(
      '--subaccount <0x…>',
      'subaccount address (env PERPFLOW_SUBACCOUNT)',
      process.env.PERPFLOW_SUBACCOUNT,
    )
    .option('--json', 'print JSON for scripts instead of a table');
}

export function accountContext(options: CommonOptions): AccountContext {
  const chainId = Number(options.chainId);
  if (!Number.isInteger(chainId) || chainId <= 0)
    throw new ConfigError(
      `--chain-id: expected a positive whole number, got ${JSON.stringify(options.chainId)}`,
    );
  let subaccount: SubaccountAddress | undefined;
  if (options.subaccount !== undefined && options.subaccount !== '') {
    try {
      subaccount = SubaccountAddress(options.subaccount);
    } catch {
      throw new ConfigError(
        `--subaccount: not a 0x-prefixed 40-hex-digit address: ${JSON.stringify(options.subaccount)}`,
      );
    }
  }
  return {
    baseUrl: options.venue,
    chainId: ChainId(chainId),
    subaccount,
    json: options.json === true,
    clock: new SystemClock(),
  };
}

/** A credential from the environment, never from a flag (flags end up in shell history). */
export function secretFromEnv(name: 'PERPFLOW_SESSION_JWT' | 'PERPFLOW_API_KEY'): string {
  const value = process.env[name]?.trim();
  if (value === undefined || value === '') {
    const hint =
      name === 'PERPFLOW_SESSION_JWT'
        ? 'sign in with the wallet (or use the dev token `perpflow sim` prints) and export it'
        : 'create one with `perpflow account keys create` and export the secret it prints';
    throw new ConfigError(`${name} is not set: ${hint}`);
  }
  return value;
}
