import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ApiContext } from './apiContext.ts';
import { authRoutes, setSessionCookie } from './authRoutes.ts';
import { API_PREFIX } from './contract.ts';
import { driftRoute } from './driftRoute.ts';
import { openApiDocument } from './openApi.ts';
import { readRoutes } from './readRoutes.ts';
import { securityHook } from './security.ts';
import { writeRoutes } from './writeRoutes.ts';

/** The web console's files (the console's own folder; a placeholder page until they are there). */
export const ASSETS_DIR = join(import.meta.dirname, '../console/assets');
/** Bodies above this are refused (413): an action is a few hundred bytes. */
export const BODY_LIMIT = 64 * 1024;

const PLACEHOLDER = `<!doctype html><html><head><meta charset="utf-8"><title>perpflow</title></head>
<body><h1>perpflow console</h1><p>The console's page is not installed; the API is at ${API_PREFIX} (see ${API_PREFIX}/openapi.json).</p></body></html>`;

const HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy':
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
};

/**
 * The control API and the console's page, not yet listening. Everything fails closed: a session
 * (or the CLI's token) for every API route, CSRF on writes, JSON bodies only, no CORS.
 */
export async function controlApi(
  c: ApiContext,
  o: {
    readonly localToken: string;
    readonly loopback: boolean;
    readonly guard: (text: string, where: string) => string;
    /** The page's files (default ASSETS_DIR); tests give their own. */
    readonly assetsDir?: string;
    readonly server?: Pick<FastifyServerOptions, 'trustProxy'> & { https?: { cert: Buffer; key: Buffer } };
  },
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    ...(o.server?.trustProxy === undefined ? {} : { trustProxy: o.server.trustProxy }),
    ...(o.server?.https === undefined ? {} : { https: o.server.https }),
  });
  // JSON only: a form another site posts (text/plain, urlencoded) never reaches a route.
  app.removeContentTypeParser('text/plain');
  await app.register(cookie);
  app.addHook(
    'onRequest',
    securityHook({ sessions: c.sessions, localToken: o.localToken, loopback: o.loopback }),
  );
  app.addHook('onSend', async (req, reply, payload) => {
    // A route that set its own policy (a report page) keeps it; every other answer gets the console's.
    for (const [k, v] of Object.entries(HEADERS)) if (!reply.hasHeader(k)) reply.header(k, v);
    if (req.url.startsWith(API_PREFIX)) reply.header('cache-control', 'no-store');
    return typeof payload === 'string' ? o.guard(payload, `${req.method} ${req.url.split('?')[0]}`) : payload;
  });
  app.setErrorHandler((e: { statusCode?: number; message?: string }, _req, reply) => {
    const status = typeof e.statusCode === 'number' && e.statusCode >= 400 ? e.statusCode : 500;
    void reply.code(status).send({ error: status === 500 ? 'internal error' : (e.message ?? 'refused') });
  });
  authRoutes(app, c);
  readRoutes(app, c);
  driftRoute(app, c);
  writeRoutes(app, c);
  app.get(`${API_PREFIX}/openapi.json`, async () => openApiDocument(c.identity.version));
  // The printed loopback link lands on the page: spend its token, set the cookie, drop it from the URL.
  app.addHook('preHandler', async (req, reply) => {
    const [path, query] = req.url.split('?');
    if (path !== '/' || query === undefined) return;
    const token = new URLSearchParams(query).get('token');
    if (token === null) return;
    const s = c.sessions.spendLink(token);
    if (s !== undefined) setSessionCookie(reply, c, s);
    await reply.redirect('/', 303);
  });
  const root = o.assetsDir ?? ASSETS_DIR;
  // @fastify/static (send) refuses any path that leaves root: .., encoded or not, and dotfiles.
  if (existsSync(join(root, 'index.html')))
    await app.register(fastifyStatic, { root, prefix: '/', index: ['index.html'], dotfiles: 'deny' });
  else app.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').send(PLACEHOLDER));
  return app;
}
