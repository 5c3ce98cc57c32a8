import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { Outcome } from '../faults/FaultInjector.ts';
import { parseJsonBody, queryOf } from '../http/parseBody.ts';
import type { Route, SimHttpRequest, SimHttpResponse } from '../http/types.ts';
import { openApiDocument } from './openApi.ts';

export interface Listening {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The Fastify face of the simulator: a thin adapter over the core handler (one catch-all route),
 * plus the OpenAPI document and the interactive reference at /api.
 */
export async function listen(
  dispatch: (req: SimHttpRequest) => Outcome | Promise<Outcome>,
  routes: readonly Route[],
  opts: { port?: number; host?: string } = {},
): Promise<Listening> {
  const app = Fastify({ logger: false, keepAliveTimeout: 72_000 });
  app.removeAllContentTypeParsers();
  const asText = (_req: unknown, body: string | Buffer, done: (e: null, body: unknown) => void): void =>
    done(null, body);
  // Every body reaches the core handler as text, whatever its content type. JSON is named too:
  // Fastify caches a named parser per header value, while the catch-all re-parses the header.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, asText);
  app.addContentTypeParser('*', { parseAs: 'string' }, asText);
  await app.register(swagger, {
    mode: 'static',
    specification: { document: openApiDocument(routes) as never },
  });
  await app.register(swaggerUi, { routePrefix: '/api' });

  // Answers made in one turn of the event loop leave together at its end: each socket write can
  // wake a sleeping client, and on a small VM those wake-ups, not our handling, were the cost.
  const outbox: { readonly reply: FastifyReply; readonly res: SimHttpResponse }[] = [];
  const flush = (): void => {
    for (const { reply, res } of outbox.splice(0)) {
      reply.raw.writeHead(res.status, { ...res.headers, 'content-length': Buffer.byteLength(res.body) });
      reply.raw.end(res.body);
    }
  };
  const deliver = (request: FastifyRequest, reply: FastifyReply, outcome: Outcome): void => {
    reply.hijack();
    if (outcome.kind === 'drop') {
      // The trade happened; the client sees its connection reset before any byte of the answer.
      request.raw.socket.resetAndDestroy();
      return;
    }
    // Written straight to the socket: the body is already serialised, and skipping Fastify's reply
    // pipeline (hooks, serializers) is most of the adapter's cost on the hot read endpoints.
    outbox.push({ reply, res: outcome.response });
    if (outbox.length === 1) setImmediate(flush);
  };
  // Synchronous unless transport faults delay the answer: no promise per request otherwise.
  const handler = (request: FastifyRequest, reply: FastifyReply): void => {
    // Cheaper than new URL(): the path and the query string are all we need.
    const raw = request.url;
    const qi = raw.indexOf('?');
    const path = qi < 0 ? raw : raw.slice(0, qi);
    const query = qi < 0 ? {} : queryOf(new URLSearchParams(raw.slice(qi + 1)));
    const parsed = parseJsonBody(typeof request.body === 'string' ? request.body : undefined);
    if (!parsed.ok) {
      deliver(request, reply, { kind: 'response', response: parsed.response });
      return;
    }
    // Node already lower-cases header names; repeated headers (arrays) carry no credential we accept.
    const headers = request.headers as Record<string, string | undefined>;
    const outcome = dispatch({ method: request.method, path, query, headers, body: parsed.value });
    if (!(outcome instanceof Promise)) deliver(request, reply, outcome);
    else
      outcome.then(
        (o) => deliver(request, reply, o),
        (e: unknown) => reply.send(e),
      );
  };

  // One Fastify route per simulator route: exact routes are much faster in find-my-way than a
  // catch-all wildcard. Everything else (unknown paths, wrong methods) reaches the core handler
  // through the not-found handler, so 404/405 answers stay identical to the in-process ones.
  for (const r of routes) app.route({ method: r.method, url: r.path.replace(/\{(\w+)\}/g, ':$1'), handler });
  app.setNotFoundHandler(handler);

  let address: string;
  try {
    address = await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
  } catch (e) {
    // A port in use must end the command, not leave a half-started server holding the loop open.
    await app.close();
    throw e;
  }
  return { url: address, close: () => app.close() };
}
