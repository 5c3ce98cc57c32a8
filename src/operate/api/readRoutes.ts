import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { redactText } from '../../log/redact.ts';
import type { ApiContext } from './apiContext.ts';
import { hostBots } from './botsView.ts';
import { API_PREFIX } from './contract.ts';
import {
  accountView,
  botView,
  fillViews,
  openRequestViews,
  positionViews,
  requestViewOf,
  strategyViews,
} from './views.ts';

/** A positive count from the query, capped: `?limit=`, `?lines=`. */
function count(raw: unknown, fallback: number, max: number): number {
  const n = typeof raw === 'string' ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? Math.min(n, max) : fallback;
}

/** A report page's policy: inline scripts and styles only, sandboxed away from the console's origin. */
const REPORT_POLICY =
  "sandbox allow-scripts allow-popups; default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const REPORT_NAME = /^[\w][\w.-]{0,200}$/;

/** The reads of /api/v1: each answers the same shape the push channel carries. */
export function readRoutes(app: FastifyInstance, c: ApiContext): void {
  const k = c.kernel;
  type Limit = { Querystring: { limit?: string } };
  const p = API_PREFIX;
  app.get(`${p}/bot`, async () => botView(k, c.identity));
  app.get(`${p}/account`, async () => accountView(k));
  app.get(`${p}/positions`, async () => positionViews(k));
  app.get(`${p}/requests`, async () => openRequestViews(k));
  // One request's whole history, settled or not: the page asks when the operator opens one.
  app.get<{ Params: { id: string } }>(`${p}/requests/:id`, async (req, reply) => {
    const view = requestViewOf(k, req.params.id);
    return view ?? reply.code(404).send({ error: `no request ${req.params.id}` });
  });
  app.get<Limit>(`${p}/fills`, async (req) => fillViews(k, count(req.query.limit, 100, 10_000)));
  app.get<Limit>(`${p}/trades`, async (req) =>
    fillViews(k, 100_000)
      .filter((f) => f.action === 'close')
      .slice(0, count(req.query.limit, 100, 10_000)),
  );
  app.get(`${p}/strategies`, async () => strategyViews(k, c.state));
  app.get(`${p}/alerts`, async () => [...c.state.alerts].reverse());
  app.get<Limit>(`${p}/audit`, async (req) => k.operator.audit(count(req.query.limit, 100, 10_000)));
  app.get(`${p}/equity`, async () => c.state.equity);
  app.get<{ Querystring: { lines?: string } }>(`${p}/log`, async (req) =>
    (c.logTail?.latest(count(req.query.lines, 200, 500)) ?? []).map((l) => ({
      ...l,
      text: redactText(l.text),
    })),
  );
  app.get<{ Params: { market: string } }>(`${p}/markets/:market/bars`, async (req) =>
    c.state.barsOf(req.params.market),
  );
  app.get<{ Params: { market: string } }>(`${p}/markets/:market/indicators`, async (req) =>
    c.state.indicatorsOf(req.params.market),
  );
  app.get(`${p}/bots`, async () => hostBots());
  app.get(`${p}/reports`, async () => {
    const dir = c.reportsDir;
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((f) => REPORT_NAME.test(f) && statSync(join(dir, f)).isFile())
      .map((name) => ({ name, size: statSync(join(dir, name)).size }));
  });
  app.get<{ Params: { name: string } }>(`${p}/reports/:name`, async (req, reply) => {
    const name = req.params.name;
    const file = join(c.reportsDir, name);
    if (!REPORT_NAME.test(name) || !existsSync(file) || !statSync(file).isFile())
      return reply.code(404).send({ error: `no report ${name}` });
    const type = name.endsWith('.html')
      ? 'text/html'
      : name.endsWith('.json')
        ? 'application/json'
        : 'text/plain';
    // A report inlines its data, lightweight-charts and its client: its own scripts may run, in a
    // sandbox with an opaque origin, so they can neither read the session nor call this API.
    if (type === 'text/html') reply.header('content-security-policy', REPORT_POLICY);
    return reply.type(`${type}; charset=utf-8`).send(readFileSync(file, 'utf8'));
  });
}
