// @ts-check
// The console: sign in, then one page per route, all fed by the store the push line keeps current.

import { API, logout, session } from '../lib/api.js';
import { html } from '../lib/html.js';
import { connect, disconnect } from '../lib/push.js';
import { useRoute } from '../lib/route.js';
import { setState, useStore } from '../lib/store.js';
import { useEffect } from '../vendor/preact-hooks.mjs';
import { Audit } from './Audit.js';
import { Bots } from './Bots.js';
import { Dashboard } from './Dashboard.js';
import { Header } from './Header.js';
import { Login } from './Login.js';
import { Market } from './Market.js';
import { Nav } from './Nav.js';
import { Reports } from './Reports.js';
import { Strategies } from './Strategies.js';
import { Trades } from './Trades.js';

/** The printed one-time link may land here with ?token=…: trade it for a session, then drop it from the address. */
async function signInWithLink() {
  const token = new URLSearchParams(location.search).get('token');
  if (token === null) return;
  history.replaceState(null, '', location.pathname + location.hash);
  await fetch(`${API}/login?token=${encodeURIComponent(token)}`, { credentials: 'same-origin' });
}

/** @param {import('../lib/api.js').Session | null} s */
function signedIn(s) {
  setState({ session: s });
  if (s) connect();
}

export function App() {
  const state = useStore();
  const route = useRoute();
  useEffect(() => {
    signInWithLink()
      .then(session)
      .then(signedIn, () => setState({ session: null }));
  }, []);
  if (state.session === undefined) return html`<p class="empty">Loading…</p>`;
  if (state.session === null) return html`<${Login} onSignedIn=${signedIn} />`;
  const canAct = state.session.role === 'operator';
  const out = () => {
    disconnect();
    logout().finally(() => setState({ session: null }));
  };
  const [page, arg = ''] = route;
  const view =
    page === 'market'
      ? html`<${Market} key=${arg} market=${arg} state=${state} />`
      : page === 'strategies'
        ? html`<${Strategies} strategies=${state.strategies} canAct=${canAct} />`
        : page === 'trades'
          ? html`<${Trades} fills=${state.fills} />`
          : page === 'audit'
            ? html`<${Audit} audit=${state.audit} />`
            : page === 'bots'
              ? html`<${Bots} current=${state.bot?.pid} />`
              : page === 'reports'
                ? html`<${Reports} />`
                : html`<${Dashboard} state=${state} canAct=${canAct} />`;
  return html`<${Header} state=${state} canAct=${canAct} onLogout=${out} />
    <${Nav} route=${route} state=${state} />
    <main>${view}</main>`;
}
