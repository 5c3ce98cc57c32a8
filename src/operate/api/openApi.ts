import { API_PREFIX } from './contract.ts';

const READS: readonly (readonly [string, string])[] = [
  ['/bot', 'The bot: name, mode, trading state (BotView)'],
  ['/account', 'Realised, unrealised, fees, funding and equity (AccountView)'],
  ['/positions', 'Open positions with uPnL, TP/SL and the unprotected flag (PositionView[])'],
  ['/requests', 'Open requests with their journal history (RequestView[])'],
  ['/requests/{id}', 'One request, settled or not, with its journal history (RequestView)'],
  ['/fills', 'Latest fills, newest first; ?limit= (FillView[])'],
  ['/trades', 'Latest closing fills; ?limit= (FillView[])'],
  ['/strategies', 'Strategies: state, counters, params, latest decisions and denials (StrategyView[])'],
  ['/alerts', 'Recent alerts, newest first (AlertView[])'],
  ['/audit', 'The operator audit, newest first; ?limit= (AuditEntry[])'],
  ['/equity', 'The equity curve since start (EquityPoint[])'],
  ['/log', 'A redacted tail of the log; ?lines='],
  ['/markets/{market}/bars', 'Price bars of a market (BarView[])'],
  ['/markets/{market}/indicators', 'Indicator series strategies publish (IndicatorSeries[])'],
  [
    '/drift',
    'Live against its shadow (`shadow:`): matched and missed fills, price in bps, latency, PnL (DriftReport); 404 without one',
  ],
  ['/bots', "The host registry's running bots"],
  ['/reports', 'Reports in var/reports'],
  ['/reports/{name}', 'One report'],
  ['/session', 'The session: user, role, csrfToken'],
  ['/events', 'Server-sent events: every change (PushMessage); checks Origin and the session'],
];

const ok = (description: string) => ({ description, content: { 'application/json': {} } });
const sessionAuth = [{ session: [] }, { cliToken: [] }];

/** The OpenAPI 3.1 document of /api/v1 (GET /api/v1/openapi.json); the shapes are contract.ts's. */
export function openApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const [path, summary] of READS)
    paths[`${API_PREFIX}${path}`] = {
      get: { summary, security: sessionAuth, responses: { 200: ok(summary), 401: ok('no session') } },
    };
  paths[`${API_PREFIX}/login`] = {
    post: {
      summary: 'Log in with {user, password}: sets the session cookie; 429 after repeated failures',
      requestBody: { content: { 'application/json': {} } },
      responses: { 200: ok('{user, role, csrfToken}'), 401: ok('wrong user or password'), 429: ok('wait') },
    },
    get: { summary: 'The one-time loopback link: ?token=', responses: { 303: ok('to the console') } },
  };
  paths[`${API_PREFIX}/logout`] = {
    post: { summary: 'End the session', security: sessionAuth, responses: { 200: ok('done') } },
  };
  paths[`${API_PREFIX}/actions`] = {
    post: {
      summary:
        'An operator action (OperatorAction: close, closeAll, cancel, pause, unpause, setTpSl, halt, resume); needs x-csrf-token and the operator role',
      security: sessionAuth,
      requestBody: { content: { 'application/json': {} } },
      responses: {
        200: ok('accepted or duplicate (ActionOutcome)'),
        400: ok('not an OperatorAction'),
        403: ok('no CSRF token, another origin, or a viewer'),
        409: ok('refused (ActionOutcome)'),
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: { title: 'perpflow control API', version },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'perpflow_session' },
        cliToken: { type: 'http', scheme: 'bearer' },
      },
    },
    paths,
  };
}
