import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Permission } from '../../domain/side.ts';
import { VenueFacts } from '../../domain/venueFacts.ts';
import { redactText } from '../../log/redact.ts';
import type { VenueFetch } from '../../venue/transport.ts';

export interface BootstrapOptions {
  /** Default http://sim.local (irrelevant for the in-process fetch). */
  readonly baseUrl?: string;
  /** Default 0x00000000000000000000000000000000000a11ce. */
  readonly wallet?: string;
  /** Collateral credited through /dev/faucet; default 100 000; 0 skips the faucet. */
  readonly collateral?: number;
  /** Default ['ALL']. */
  readonly permissions?: readonly Permission[];
  /** Register instant-action tokens with every solver; default true. */
  readonly instantToken?: boolean;
  /** Default VenueFacts.defaultChainId (42161). */
  readonly chainId?: number;
  /** Solvers to register tokens with; default PERPS_HUB and NOXRWA. */
  readonly solvers?: readonly string[];
  /** Name of the API key; default "perpflow". */
  readonly keyName?: string;
}

export interface BootstrappedAccount {
  readonly jwt: string;
  readonly apiKey: string;
  readonly apiKeyId: string;
  readonly wallet: string;
  readonly subaccount: string;
  readonly chainId: number;
}

/** The venue's answer envelope; what each step reads of `data` is checked by its own schema. */
const envelope = z.object({ data: z.unknown() });

/**
 * Walks the documented account setup order over a VenueFetch: sign in (dev door) → create key
 * → enable the subaccount → delegate → instant-action tokens → faucet. Throws with the step,
 * status and (redacted) answer when any step fails.
 */
export async function bootstrapAccount(
  fetch: VenueFetch,
  opts: BootstrapOptions = {},
): Promise<BootstrappedAccount> {
  const base = (opts.baseUrl ?? 'http://sim.local').replace(/\/$/, '');
  const wallet = (opts.wallet ?? '0x00000000000000000000000000000000000a11ce').toLowerCase();
  const chainId = opts.chainId ?? VenueFacts.defaultChainId;
  let jwt = '';

  const call = async (step: string, method: string, path: string, body?: unknown): Promise<unknown> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (jwt) headers.authorization = `Bearer ${jwt}`;
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    const res = await fetch(new Request(`${base}${path}`, init));
    const text = await res.text();
    if (!res.ok)
      throw new Error(
        `bootstrapAccount: ${step} failed with ${res.status}: ${redactText(text).slice(0, 300)}`,
      );
    return envelope.parse(JSON.parse(text)).data;
  };

  const session = z
    .object({ token: z.string() })
    .parse(await call('sign-in', 'POST', '/dev/sign-in', { walletAddress: wallet, chainId }));
  jwt = session.token;
  const subs = z
    .array(z.object({ subaccountAddress: z.string() }))
    .parse(await call('list subaccounts', 'GET', `/v1/accounts/subaccounts?chainId=${chainId}`));
  const subaccount = subs[0]?.subaccountAddress;
  if (!subaccount)
    throw new Error(`bootstrapAccount: wallet ${wallet} has no subaccount on chain ${chainId}`);
  const key = z
    .object({ id: z.string(), key: z.string() })
    .parse(await call('create key', 'POST', '/v1/api-keys/create', { name: opts.keyName ?? 'perpflow' }));
  await call('enable subaccount', 'POST', '/v1/account-auth/subaccount/toggle-access', {
    subaccountAddress: subaccount,
    chainId,
    enable: true,
  });
  await call('delegate', 'POST', '/v1/account-auth/delegate-access', {
    subaccountAddress: subaccount,
    apiKeyIdentifier: key.id,
    permissions: opts.permissions ?? ['ALL'],
    chainId,
  });
  if (opts.instantToken ?? true)
    for (const solver of opts.solvers ?? [VenueFacts.defaultSolver, VenueFacts.rwaSolver])
      await call('instant-action token', 'POST', '/v1/account-auth/instant-action/token', {
        subaccountAddress: subaccount,
        chainId,
        solver,
        // Random like every credential the simulator hands out; the book notes it for the secret scan.
        token: `dev-instant-${solver.toLowerCase()}-${randomBytes(16).toString('hex')}`,
      });
  const collateral = opts.collateral ?? 100_000;
  if (collateral > 0)
    await call('faucet', 'POST', '/dev/faucet', {
      subaccountAddress: subaccount,
      chainId,
      amount: collateral,
    });
  return { jwt, apiKey: key.key, apiKeyId: key.id, wallet, subaccount, chainId };
}
