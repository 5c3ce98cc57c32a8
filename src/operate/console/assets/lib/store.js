// @ts-check
// The page's one state: the read views fetched on (re)connect, kept current by push messages.
// Views read it with useStore and re-render when it changes.
import { useEffect, useReducer } from '../vendor/preact-hooks.mjs';
import { withRequestChange } from './withRequestChange.js';

/** @typedef {import('../../../api/contract.ts').PushMessage} PushMessage */
/** @typedef {import('../../../api/contract.ts').RequestView} RequestView */
/** @typedef {import('../../../api/contract.ts').FillView} FillView */
/** @typedef {import('../../../api/contract.ts').StrategyView} StrategyView */
/** @typedef {import('./api.js').Session} Session */
/**
 * @typedef {{
 *   session: Session | null | undefined,
 *   connection: 'connecting' | 'live' | 'lost',
 *   bot: import('../../../api/contract.ts').BotView | undefined,
 *   account: import('../../../api/contract.ts').AccountView | undefined,
 *   positions: readonly import('../../../api/contract.ts').PositionView[],
 *   requests: Readonly<Record<string, RequestView>>,
 *   fills: readonly FillView[],
 *   strategies: Readonly<Record<string, StrategyView>>,
 *   alerts: readonly import('../../../api/contract.ts').AlertView[],
 *   audit: readonly import('../../../api/contract.ts').AuditEntry[],
 *   equity: readonly import('../../../api/contract.ts').EquityPoint[],
 *   log: readonly { readonly at: number, readonly level: string, readonly text: string }[],
 * }} State
 */

const KEEP = { fills: 2000, alerts: 100, audit: 500, equity: 5000, log: 200 };

/** @type {State} */
let state = {
  session: undefined,
  connection: 'connecting',
  bot: undefined,
  account: undefined,
  positions: [],
  requests: {},
  fills: [],
  strategies: {},
  alerts: [],
  audit: [],
  equity: [],
  log: [],
};

/** @type {Set<() => void>} */
const watchers = new Set();
/** @type {Set<(m: PushMessage) => void>} */
const pushListeners = new Set();

export function getState() {
  return state;
}

/** @param {Partial<State>} patch */
export function setState(patch) {
  state = { ...state, ...patch };
  for (const w of watchers) w();
}

let frameAsked = false;

/**
 * A push's change: kept at once, shown at the next frame. A busy bot pushes hundreds of changes a
 * second, and a render for each kept the page seconds behind it.
 * @param {Partial<State>} patch
 */
function pushed(patch) {
  state = { ...state, ...patch };
  if (frameAsked) return;
  frameAsked = true;
  requestAnimationFrame(() => {
    frameAsked = false;
    for (const w of watchers) w();
  });
}

/** The current state; the calling component re-renders on every change. */
export function useStore() {
  const [, bump] = useReducer((/** @type {number} */ n) => n + 1, 0);
  useEffect(() => {
    const w = () => bump(undefined);
    watchers.add(w);
    return () => {
      watchers.delete(w);
    };
  }, []);
  return state;
}

/** Hears every push message (the market view takes bars and indicator points this way). @param {(m: PushMessage) => void} f */
export function onPush(f) {
  pushListeners.add(f);
  return () => {
    pushListeners.delete(f);
  };
}

/** Newest first, no id twice, at most `keep`. @param {readonly FillView[]} old @param {readonly FillView[]} more */
export function mergeFills(old, more, keep = KEEP.fills) {
  const seen = new Set(old.map((f) => f.id));
  const fresh = more.filter((f) => !seen.has(f.id));
  return [...fresh, ...old].sort((a, b) => b.at - a.at).slice(0, keep);
}

/** @param {PushMessage} m */
export function applyPush(m) {
  const s = state;
  switch (m.type) {
    case 'bot':
      pushed({ bot: m.data });
      break;
    case 'account':
      pushed({ account: m.data });
      break;
    case 'positions':
      pushed({ positions: m.data });
      break;
    case 'request':
      pushed({ requests: withRequestChange(s.requests, m.data) });
      break;
    case 'fill':
      pushed({ fills: mergeFills(s.fills, [m.data]) });
      break;
    case 'strategy':
      pushed({ strategies: { ...s.strategies, [m.data.id]: m.data } });
      break;
    case 'alert':
      pushed({ alerts: [m.data, ...s.alerts].slice(0, KEEP.alerts) });
      break;
    case 'audit':
      pushed({
        audit: [m.data, ...s.audit.filter((a) => a.actionId !== m.data.actionId)].slice(0, KEEP.audit),
      });
      break;
    case 'equity':
      pushed({ equity: [...s.equity, m.data].slice(-KEEP.equity) });
      break;
    case 'log':
      pushed({ log: [...s.log, m.data].slice(-KEEP.log) });
      break;
    default:
      break;
  }
  for (const f of pushListeners) f(m);
}
