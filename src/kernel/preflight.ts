import { envRef } from '../config/envReference.ts';
import { unlistedMarkets } from '../config/listedMarkets.ts';
import { locatedConfigError } from '../config/locatedConfigError.ts';
import type { PerpflowConfig } from '../config/schema.ts';
import { ConfigError } from '../errors/ConfigError.ts';
import { AuthError, PermissionError } from '../errors/venueErrors.ts';
import type { VenuePort } from '../venue/VenuePort.ts';

/** What trading needs of a key on its subaccount, and the venue's names for it. */
const NEEDED = ['OPEN_POSITION', 'CLOSE_POSITION', 'CANCEL_POSITION', 'VIEW_DETAILS'] as const;

const KEY_FIX = `create a key with \`perpflow account keys create\` and reference it as ${envRef('PERPFLOW_API_KEY')}`;

/**
 * The start-up check of live mode, before the journal is touched and before any trade: the key
 * is valid, it holds every permission trading needs on this subaccount, and the subaccount has
 * API access enabled. Each failure is a ConfigError (exit 2) that names the fix.
 */
export async function preflight(venue: VenuePort): Promise<void> {
  let perms: Awaited<ReturnType<VenuePort['listPermissions']>>;
  try {
    perms = await venue.listPermissions();
  } catch (e) {
    if (e instanceof AuthError) throw new ConfigError(`the venue refused the API key (401): ${KEY_FIX}`);
    throw e;
  }
  if (!perms.isValid) throw new ConfigError(`the venue says the API key is not valid: ${KEY_FIX}`);
  const mine = perms.subaccounts.find(
    (s) => s.subaccount === venue.subaccount && s.chainId === venue.chainId,
  );
  if (mine === undefined)
    throw new ConfigError(
      `the key has no access to subaccount ${venue.subaccount} on chain ${venue.chainId}: delegate it with \`perpflow account delegate --permissions ALL\``,
    );
  const has = new Set<string>(mine.permissions);
  const lacking = has.has('ALL') ? [] : NEEDED.filter((p) => !has.has(p));
  if (lacking.length > 0)
    throw new ConfigError(
      `the key lacks ${lacking.join(', ')} on subaccount ${venue.subaccount}: delegate them with \`perpflow account delegate --key-id <id> --permissions ${lacking.join(',')}\``,
    );
  try {
    await venue.positions();
  } catch (e) {
    if (e instanceof PermissionError)
      throw new ConfigError(
        `the venue refused to show the subaccount's positions (403): enable API access with \`perpflow account subaccount enable\``,
      );
    if (e instanceof AuthError) throw new ConfigError(`the venue refused the API key (401): ${KEY_FIX}`);
    throw e;
  }
}

/**
 * Refuses a config whose strategies trade a market the venue does not list (exit 2, each market
 * at its line in the config, with the closest listed ones), before any price is polled.
 */
export async function checkMarketsListed(
  config: Pick<PerpflowConfig, 'strategies'>,
  venue: Pick<VenuePort, 'markets'>,
  o: { readonly configFile: string; readonly venueName: string },
): Promise<void> {
  const listed = (await venue.markets()).map((m) => String(m.symbol));
  const problems = unlistedMarkets(config, listed, o.venueName);
  if (problems.length > 0) throw locatedConfigError(o.configFile, problems);
}
