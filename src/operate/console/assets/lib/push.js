// @ts-check
// The push line (server-sent events on /api/v1/events). The browser retries a dropped line on
// its own; when it gives up (the bot answered with an error while restarting) we open a new one.
// Every (re)opened line first reads the snapshot again, then pushes keep it current: the page
// never polls.
import { API, session } from './api.js';
import { loadSnapshot } from './snapshot.js';
import { applyPush, setState } from './store.js';

const TYPES = /** @type {const} */ ([
  'bot',
  'account',
  'positions',
  'request',
  'fill',
  'strategy',
  'alert',
  'audit',
  'equity',
  'bar',
  'indicator',
  'log',
]);

const RETRY_MS = 1000;

/**
 * What a test or the benchmark may read: how many pushes and line openings, and for the latest
 * request transitions how long each took from the bot's journal to this page (same host clock).
 * @type {{ pushes: number, opened: number, lags: number[] }}
 */
const probe = { pushes: 0, opened: 0, lags: [] };
/** @type {any} */ (globalThis).__perpflowConsole = probe;

/** @type {EventSource | undefined} */
let source;

export function connect() {
  source?.close();
  setState({ connection: 'connecting' });
  const es = new EventSource(`${API}/events`, { withCredentials: true });
  source = es;
  es.onopen = () => {
    probe.opened++;
    loadSnapshot().then(
      () => setState({ connection: 'live' }),
      () => setState({ connection: 'live' }),
    );
  };
  for (const type of TYPES) {
    es.addEventListener(type, (ev) => {
      const data = JSON.parse(/** @type {MessageEvent<string>} */ (ev).data);
      probe.pushes++;
      const at = type === 'request' ? data.at : undefined;
      if (typeof at === 'number') probe.lags.push(Date.now() - at);
      if (probe.lags.length > 10_000) probe.lags.splice(0, 5_000);
      applyPush(/** @type {import('./store.js').PushMessage} */ ({ type, data }));
    });
  }
  es.onerror = () => {
    setState({ connection: 'lost' });
    if (es.readyState !== EventSource.CLOSED) return;
    // Refused outright: after a restart the session may be gone — ask before opening again.
    setTimeout(async () => {
      if (source !== es) return;
      try {
        const s = await session();
        if (s === null) {
          setState({ session: null });
          return;
        }
      } catch {
        // the bot is still down: try again
      }
      if (source === es) connect();
    }, RETRY_MS);
  };
}

export function disconnect() {
  source?.close();
  source = undefined;
}
