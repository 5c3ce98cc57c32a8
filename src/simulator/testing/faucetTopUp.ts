import { z } from 'zod';
import { redactText } from '../../log/redact.ts';
import type { VenueFetch } from '../../venue/transport.ts';

const session = z.object({ data: z.object({ token: z.string() }) });

/**
 * Credits `amount` of collateral to a simulator subaccount through the dev doors (sign in as
 * its wallet, then /dev/faucet); returns the session token it signed in with (a secret).
 */
export async function faucetTopUp(
  fetch: VenueFetch,
  o: { baseUrl: string; wallet: string; chainId: number; subaccount: string; amount: number },
): Promise<string> {
  const base = o.baseUrl.replace(/\/$/, '');
  const post = async (path: string, body: unknown, jwt?: string) => {
    const res = await fetch(
      new Request(`${base}${path}`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          ...(jwt === undefined ? {} : { authorization: `Bearer ${jwt}` }),
        },
        body: JSON.stringify(body),
      }),
    );
    const text = await res.text();
    if (!res.ok)
      throw new Error(`faucet top-up: ${path} failed with ${res.status}: ${redactText(text).slice(0, 300)}`);
    const parsed: unknown = JSON.parse(text);
    return parsed;
  };
  const jwt = session.parse(await post('/dev/sign-in', { walletAddress: o.wallet, chainId: o.chainId })).data
    .token;
  await post('/dev/faucet', { subaccountAddress: o.subaccount, chainId: o.chainId, amount: o.amount }, jwt);
  return jwt;
}
