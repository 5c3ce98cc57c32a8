// @ts-check
// Everything the views show, read once per connection: pushes keep it current from there on,
// and a reconnect reads it again for whatever happened while the line was down.
import { get } from './api.js';
import { getState, mergeFills, setState } from './store.js';

/** @typedef {import('./store.js').State} State */

/**
 * @template T
 * @param {PromiseSettledResult<T>} r
 * @returns {T | undefined}
 */
const value = (r) => (r.status === 'fulfilled' ? r.value : undefined);

export async function loadSnapshot() {
  const [bot, account, positions, requests, fills, strategies, alerts, audit, equity] =
    await Promise.allSettled([
      get('/bot'),
      get('/account'),
      get('/positions'),
      get('/requests'),
      get('/fills?limit=500'),
      get('/strategies'),
      get('/alerts'),
      get('/audit'),
      get('/equity'),
    ]);
  /** @type {Partial<State>} */
  const patch = {};
  const b = value(bot);
  if (b) patch.bot = /** @type {State['bot']} */ (b);
  const a = value(account);
  if (a) patch.account = /** @type {State['account']} */ (a);
  const p = value(positions);
  if (Array.isArray(p)) patch.positions = p;
  const r = value(requests);
  if (Array.isArray(r)) patch.requests = Object.fromEntries(r.map((x) => [x.id, x]));
  const f = value(fills);
  if (Array.isArray(f)) patch.fills = mergeFills(getState().fills, f);
  const st = value(strategies);
  if (Array.isArray(st)) patch.strategies = Object.fromEntries(st.map((x) => [x.id, x]));
  const al = value(alerts);
  if (Array.isArray(al)) patch.alerts = [...al].sort((x, y) => y.at - x.at);
  const au = value(audit);
  if (Array.isArray(au)) patch.audit = [...au].sort((x, y) => y.at - x.at);
  const e = value(equity);
  if (Array.isArray(e)) patch.equity = e;
  setState(patch);
}
