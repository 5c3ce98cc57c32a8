import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Permission } from '../../domain/side.ts';
import { VenueFacts } from '../../domain/venueFacts.ts';
import { redactText } from '../../log/redact.ts';
import type { VenueFetch } from '../../venue/transport.ts';
import type { SimHandler } from '../http/createHandler.ts';
import { simRequestOf } from '../inProcessFetch.ts';

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

/**
 * What the steps go through: a VenueFetch (any venue, or the simulator's in-process fetch), or the
 * simulator's own handler, called with the very request the in-process fetch would hand it: no
 * Request or Response built (those load undici, ≈ 30 ms of a backtest's start).
 */
export type BootstrapTransport = VenueFetch | { readonly handle: SimHandler };

/** One step's answer: its status and body text. */
type Exchange = (
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
) => Promise<{ readonly status: number; readonly text: string }>;

function exchangeOf(transport: BootstrapTransport, base: string): Exchange {
  if (typeof transport === 'function')
    return async (method, path, headers, body) => {
      const res = await transport(
        new Request(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body }) }),
      );
      return { status: res.status, text: await res.text() };
    };
  const { handle } = transport;
  return async (method, path, headers, body) => {
    const sim = simRequestOf(method, new URL(path, 'http://sim.local'), headers, body);
    const res = sim.ok ? handle(sim.request) : sim.response;
    return { status: res.status, text: res.body };
  };
}

/** The venue's answer envelope; what each step reads of `data` is checked by its own schema. */
const envelope = z.object({ data: z.unknown() });

/**
 * Walks the documented account setup order over a VenueFetch: sign in (dev door) → create key
 * → enable the subaccount → delegate → instant-action tokens → faucet. Throws with the step,
 * status and (redacted) answer when any step fails.
 */
export async function bootstrapAccount(
  transport: BootstrapTransport,
  opts: BootstrapOptions = {},
): Promise<BootstrappedAccount> {
  const base = (opts.baseUrl ?? 'http://sim.local').replace(/\/$/, '');
  const exchange = exchangeOf(transport, base);
  const wallet = (opts.wallet ?? '0x00000000000000000000000000000000000a11ce').toLowerCase();
  const chainId = opts.chainId ?? VenueFacts.defaultChainId;
  let jwt = '';

  const call = async (step: string, method: string, path: string, body?: unknown): Promise<unknown> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (jwt) headers.authorization = `Bearer ${jwt}`;
    const { status, text } = await exchange(
      method,
      path,
      headers,
      body === undefined ? undefined : JSON.stringify(body),
    );
    if (status < 200 || status > 299)
      throw new Error(`bootstrapAccount: ${step} failed with ${status}: ${redactText(text).slice(0, 300)}`);
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
