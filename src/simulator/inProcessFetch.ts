import type { VenueFetch } from '../venue/transport.ts';
import type { Outcome } from './faults/FaultInjector.ts';
import { parseJsonBody, queryOf } from './http/parseBody.ts';
import type { SimHttpRequest } from './http/types.ts';

/** The error undici raises on a reset connection, so clients map it exactly as in production. */
export function connectionReset(): TypeError {
  const cause = Object.assign(new Error('read ECONNRESET'), {
    code: 'ECONNRESET',
    errno: -104,
    syscall: 'read',
  });
  return new TypeError('fetch failed', { cause });
}

/** A VenueFetch without a socket: the same handler, faults and bytes as the HTTP server. */
export function inProcessFetch(dispatch: (req: SimHttpRequest) => Outcome | Promise<Outcome>): VenueFetch {
  return async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
    const parsed = parseJsonBody(text);
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => {
      headers[k] = v;
    });
    const outcome: Outcome = parsed.ok
      ? await dispatch({
          method: request.method,
          path: url.pathname,
          query: queryOf(url.searchParams),
          headers,
          body: parsed.value,
        })
      : { kind: 'response', response: parsed.response };
    if (outcome.kind === 'drop') throw connectionReset();
    return new Response(outcome.response.body, {
      status: outcome.response.status,
      headers: outcome.response.headers,
    });
  };
}
