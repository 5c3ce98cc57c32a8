import type { VenueFetch } from '../venue/transport.ts';
import type { Outcome } from './faults/FaultInjector.ts';
import { parseJsonBody, queryOf } from './http/parseBody.ts';
import type { SimHttpRequest, SimHttpResponse } from './http/types.ts';

/** The error undici raises on a reset connection, so clients map it exactly as in production. */
export function connectionReset(): TypeError {
  const cause = Object.assign(new Error('read ECONNRESET'), {
    code: 'ECONNRESET',
    errno: -104,
    syscall: 'read',
  });
  return new TypeError('fetch failed', { cause });
}

/**
 * The request the simulator's handler sees for a method, URL, headers and body text (what both
 * in-process paths hand it), or the 400 a body that is not JSON gets.
 */
export function simRequestOf(
  method: string,
  url: URL,
  headers: Readonly<Record<string, string>>,
  text: string | undefined,
):
  | { readonly ok: true; readonly request: SimHttpRequest }
  | { readonly ok: false; readonly response: SimHttpResponse } {
  const parsed = parseJsonBody(text);
  if (!parsed.ok) return parsed;
  return {
    ok: true,
    request: { method, path: url.pathname, query: queryOf(url.searchParams), headers, body: parsed.value },
  };
}

/** A VenueFetch without a socket: the same handler, faults and bytes as the HTTP server. */
export function inProcessFetch(dispatch: (req: SimHttpRequest) => Outcome | Promise<Outcome>): VenueFetch {
  return async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => {
      headers[k] = v;
    });
    const sim = simRequestOf(request.method, url, headers, text);
    const outcome: Outcome = sim.ok
      ? await dispatch(sim.request)
      : { kind: 'response', response: sim.response };
    if (outcome.kind === 'drop') throw connectionReset();
    return new Response(outcome.response.body, {
      status: outcome.response.status,
      headers: outcome.response.headers,
    });
  };
}
