import type { Clock } from '../../clock/Clock.ts';
import type { PerpflowConfig } from '../../config/schema.ts';
import { type Decimal, dec } from '../../domain/money.ts';
import { bootstrapAccount } from '../../simulator/testing/bootstrapAccount.ts';
import { faucetTopUp } from '../../simulator/testing/faucetTopUp.ts';
import type { VenueFetch } from '../../venue/transport.ts';
import type { VenuePort } from '../../venue/VenuePort.ts';
import type { WatchRequests } from '../../venue/VenueReport.ts';
import { configuredVenueClient } from './configuredVenueClient.ts';
import { type KeptSimKey, keepSimKey, readKeptSimKey } from './keptSimKey.ts';

export interface SimAccount {
  readonly venue: VenuePort;
  readonly secrets: readonly string[];
}

/** The collateral a sim account is given, and topped up to (never beyond) on each start. */
export const SIM_COLLATERAL = 100_000;

/**
 * Sets a simulator account up the way an operator would on the real service, through the real
 * account endpoints (sign in, API key, subaccount access, delegation, instant-action tokens,
 * collateral), then returns a venue client on that key: the run exercises the whole setup path.
 * With `keep` (a `perpflow sim` that outlives this run), the key is kept in that file and reused
 * by the next start while the simulator still knows it, and the account is topped up to
 * SIM_COLLATERAL only: starts, refused ones included, add neither keys nor money.
 */
export async function simAccount(
  config: PerpflowConfig,
  o: {
    readonly clock: Clock;
    readonly baseUrl: string;
    readonly fetch?: VenueFetch;
    /** The engine's own reports, when it runs in this process (dry run). */
    readonly watchRequests?: WatchRequests;
    /** Where the key is kept between runs (keptSimKey.ts); none: a new key each run. */
    readonly keep?: string;
  },
): Promise<SimAccount> {
  const fetch: VenueFetch = o.fetch ?? ((request) => globalThis.fetch(request));
  const client = (apiKey: string, subaccount: string): VenuePort =>
    configuredVenueClient(config, {
      baseUrl: o.baseUrl,
      apiKey,
      subaccount,
      clock: o.clock,
      ...(o.fetch === undefined ? {} : { fetch: o.fetch }),
      ...(o.watchRequests === undefined ? {} : { watchRequests: o.watchRequests }),
    });
  if (o.keep === undefined) {
    const acc = await bootstrapAccount(fetch, {
      baseUrl: o.baseUrl,
      chainId: config.venue.chainId,
      keyName: 'perpflow-run',
    });
    return { venue: client(acc.apiKey, acc.subaccount), secrets: [acc.apiKey, acc.jwt] };
  }
  const saved = readKeptSimKey(o.keep, o.baseUrl);
  if (saved !== undefined) {
    const venue = client(saved.apiKey, saved.subaccount);
    // A simulator restarted since forgot the key: then a new one is set up below.
    const balance = await venue.balance().catch(() => undefined);
    if (balance !== undefined)
      return {
        venue,
        secrets: [saved.apiKey, ...(await topUp(fetch, config, o.baseUrl, saved, balance.allocated))],
      };
  }
  const acc = await bootstrapAccount(fetch, {
    baseUrl: o.baseUrl,
    chainId: config.venue.chainId,
    keyName: 'perpflow-run',
    collateral: 0,
  });
  const key = { url: o.baseUrl, apiKey: acc.apiKey, subaccount: acc.subaccount, wallet: acc.wallet };
  keepSimKey(o.keep, key);
  const venue = client(acc.apiKey, acc.subaccount);
  const allocated = (await venue.balance()).allocated;
  return {
    venue,
    secrets: [acc.apiKey, acc.jwt, ...(await topUp(fetch, config, o.baseUrl, key, allocated))],
  };
}

/** Faucet credit up to SIM_COLLATERAL; returns the session token it used, if it needed one. */
async function topUp(
  fetch: VenueFetch,
  config: PerpflowConfig,
  baseUrl: string,
  key: KeptSimKey,
  allocated: Decimal,
): Promise<string[]> {
  const short = dec(SIM_COLLATERAL).minus(allocated);
  if (!short.greaterThan(0)) return [];
  const jwt = await faucetTopUp(fetch, {
    baseUrl,
    wallet: key.wallet,
    chainId: config.venue.chainId,
    subaccount: key.subaccount,
    amount: short.toNumber(),
  });
  return [jwt];
}
