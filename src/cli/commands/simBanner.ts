import { type FaultProfile, NO_FAULTS } from '../../simulator/faults/FaultProfile.ts';

/** The fault settings that differ from "off", as `key=value` texts (seed alone is not a fault). */
export function activeFaults(faults: FaultProfile): string[] {
  const off = new Map<string, unknown>(Object.entries(NO_FAULTS));
  return Object.entries(faults)
    .filter(([k, v]) => k !== 'seed' && v !== undefined && JSON.stringify(v) !== JSON.stringify(off.get(k)))
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`);
}

/**
 * What to do next, in the README's setup order. `npx perpflow` because a fresh clone has no
 * `perpflow` on PATH; the delegation names only what a trading bot needs (least privilege).
 */
export function nextSteps(
  url: string,
  wallet: string,
  subaccount: string,
  collateral: number,
  token: string,
): string {
  return [
    '',
    `dev session for wallet ${wallet} (24 h); subaccount ${subaccount} credited ${collateral}:`,
    `  export PERPFLOW_VENUE_URL=${url}`,
    `  export PERPFLOW_SESSION_JWT=${token}`,
    '',
    'next steps (the documented setup order):',
    '  npx perpflow account keys create --name dev      # prints the API key once: export PERPFLOW_API_KEY=…',
    '  npx perpflow account subaccount enable',
    '  npx perpflow account delegate --key-id <id> \\',
    '      --permissions VIEW_DETAILS,OPEN_POSITION,CLOSE_POSITION,CANCEL_POSITION',
    '  PERPFLOW_INSTANT_TOKEN=dev-instant npx perpflow account instant-token set',
    'or with curl:',
    `  curl -s -X POST ${url}/v1/api-keys/create -H "authorization: Bearer $PERPFLOW_SESSION_JWT" -H 'content-type: application/json' -d '{"name":"dev"}'`,
    `interactive reference: ${url}/api`,
    '',
  ].join('\n');
}
