import { ChainId, type MarketSymbol, SubaccountAddress, TempId } from '../../domain/ids.ts';
import type { MarketSpec } from '../../domain/market.ts';
import type { PriceTick } from '../../domain/tick.ts';
import { VenueFacts } from '../../domain/venueFacts.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import { VenueRejectedError } from '../../errors/venueErrors.ts';
import { STATUS_ENDPOINTS } from '../../venue/actions/status.ts';
import { tpslBody, tpslStatesFrom } from '../../venue/actions/tpsl.ts';
import { assertApiKey } from '../../venue/http/apiKey.ts';
import { toBalance } from '../../venue/mappers/balance.ts';
import { toBatchAck } from '../../venue/mappers/batchAck.ts';
import { closeItem, openItem } from '../../venue/mappers/orders.ts';
import { toKeyPermissions } from '../../venue/mappers/permissions.ts';
import { MarketCatalog } from '../../venue/marketCatalog.ts';
import { submitVia } from '../../venue/submitVia.ts';
import type {
  BatchAck,
  CloseOrder,
  OpenOrder,
  SubmitAck,
  TpSlOrder,
  VenueActions,
  VenueClient,
} from '../../venue/VenuePort.ts';
import { WireKeyPermissions } from '../../venue/wire/permissions.ts';
import { WireBatchAck } from '../../venue/wire/submit.ts';
import { WireTpSlList } from '../../venue/wire/tpsl.ts';
import type { AccountBook } from '../engine/AccountBook.ts';
import type { SimEngine } from '../engine/SimEngine.ts';
import { engineReports } from './engineReports.ts';
import { fundingFrom, marketsFrom, positionFrom, statusFrom, wireDec } from './fromRoute.ts';
import {
  authenticate,
  authorizer,
  type DirectCall,
  type DirectVenueCore,
  mapFailure,
  runRoute,
} from './runRoute.ts';

export interface DirectVenueOptions {
  /** `ix.` + 64 hex, checked here as the client checks it; authenticated on every call. */
  readonly apiKey: string;
  readonly subaccount: string;
  readonly chainId?: number;
  readonly solver?: string;
  /** Test tap: each call as `METHOD /path`, as it would have arrived at the simulator. */
  readonly onCall?: (endpoint: string) => void;
}

/**
 * `now()`'s answer as a settled promise (a throw becomes the rejection, as in an async function),
 * or `later()` when `now` cannot answer without waiting (undefined).
 */
function nowOrLater<T>(now: () => T | undefined, later: () => Promise<T>): Promise<T> {
  let answer: T | undefined;
  try {
    answer = now();
  } catch (e) {
    return Promise.reject(e);
  }
  return answer === undefined ? later() : Promise.resolve(answer);
}

function checkSubaccount(raw: string): SubaccountAddress {
  try {
    return SubaccountAddress(raw);
  } catch {
    throw new ConfigError(`subaccount: not a 0x-prefixed 40-hex-digit address: ${JSON.stringify(raw)}`);
  }
}

/**
 * `VenuePort` straight on the simulator's engine and account book, for the backtester: the same
 * routes, checks (401/403/400/404), mappers and error classes as the venue client over the
 * in-process fetch, without Request/Response, ky or JSON. No fault injection: it is not a wire.
 */
export function createDirectVenue(
  sim: { readonly engine: SimEngine; readonly accounts: AccountBook },
  options: DirectVenueOptions,
): VenueClient {
  const core: DirectVenueCore = {
    engine: sim.engine,
    accounts: sim.accounts,
    apiKey: assertApiKey(options.apiKey),
    onCall: options.onCall,
  };
  const subaccount = checkSubaccount(options.subaccount);
  const chainId = ChainId(options.chainId ?? VenueFacts.defaultChainId);
  const solver = options.solver ?? VenueFacts.defaultSolver;
  const { engine } = sim;
  const own = { subaccountAddress: subaccount, chainId };
  const run = (call: DirectCall) => runRoute(core, call);
  const submit = (path: string, body: unknown): SubmitAck => {
    const data = run({ method: 'POST', path, body, kind: 'submit' }) as { tempId: string };
    return { tempId: TempId(data.tempId) };
  };
  const batch = (name: string, items: readonly unknown[] | undefined): BatchAck => {
    const path = `/v1/trade/${name}`;
    const body = items === undefined ? own : { ...own, items };
    const answer = WireBatchAck.parse(run({ method: 'POST', path, body, kind: 'submit' }));
    return toBatchAck(`POST ${path}`, answer, items?.length ?? answer.results.length);
  };
  const loadMarkets = async (): Promise<MarketSpec[]> => {
    const template = '/v1/markets/aggregated/{chainId}';
    const path = `/v1/markets/aggregated/${chainId}`;
    const params = { chainId: String(chainId) };
    return marketsFrom(run({ method: 'GET', path, template, params, kind: 'read' }));
  };
  const catalog = new MarketCatalog(loadMarkets, engine.clock, solver);
  const marketOf = (symbol: MarketSymbol | undefined) =>
    symbol === undefined ? Promise.resolve(undefined) : catalog.get(symbol);

  const openPath = '/v1/trade/create-position';
  const closePath = '/v1/trade/close-position';
  const openOn = (market: MarketSpec, order: OpenOrder): SubmitAck =>
    submit(openPath, { ...openItem(market, order, solver, `POST ${openPath}`), ...own });
  const closeOn = (market: MarketSpec | undefined, order: CloseOrder): SubmitAck =>
    submit(closePath, { ...closeItem(order, market, `POST ${closePath}`), chainId });
  /** An open answered now, when the catalog holds its market; undefined when it must load it first. */
  const openNow = (order: OpenOrder): SubmitAck | undefined => {
    const market = catalog.peek(order.symbol);
    return market === undefined ? undefined : openOn(market, order);
  };
  /** The same for a close; one that names no market is not rounded, and is answered now. */
  const closeNow = (order: CloseOrder): SubmitAck | undefined => {
    if (order.symbol === undefined) return closeOn(undefined, order);
    const market = catalog.peek(order.symbol);
    return market === undefined ? undefined : closeOn(market, order);
  };

  const markPrices = async (symbols: readonly MarketSymbol[]): Promise<PriceTick[]> => {
    if (symbols.length === 0) return [];
    const path = '/v1/pricing/mark-prices';
    const query = { symbols: [...symbols] };
    const rows = run({ method: 'GET', path, query, kind: 'read' }) as {
      symbol: string;
      markPrice: string;
      timestamp: number;
    }[];
    const now = engine.clock.now();
    const bySymbol = new Map(rows.map((r) => [r.symbol, r]));
    return symbols.map((symbol) => {
      const row = bySymbol.get(symbol);
      if (row === undefined)
        throw new VenueRejectedError(`GET ${path}: no mark price for ${symbol} (unknown market)`, {
          endpoint: `GET ${path}`,
          venueCode: 'UNKNOWN_MARKET',
          details: { symbol },
        });
      return { symbol, mark: Number(row.markPrice), ts: row.timestamp ?? now };
    });
  };

  const positions = async () => {
    const endpoint = 'GET /v1/positions/all';
    core.onCall?.(endpoint);
    try {
      // The route answers pre-serialised JSON rows; the rows are rebuilt here from the same quotes.
      const key = authenticate(core);
      const sub = core.accounts.subaccount(subaccount, chainId);
      authorizer(core, key)(sub, 'VIEW_DETAILS');
      return engine.positions(sub).map((q) => positionFrom(engine, q));
    } catch (e) {
      throw mapFailure('read', endpoint, e);
    }
  };

  const setTpSl = async (order: TpSlOrder): Promise<void> => {
    const body = tpslBody(order, chainId, await marketOf(order.symbol));
    run({ method: 'POST', path: '/v1/tpsl/set', body, kind: 'submit' });
  };

  const actions: VenueActions = {
    // The catalog holds the market after the first call: the answer is then made in this turn,
    // with no promise of an async lookup awaited in between (a round trip's hops).
    openPosition: (order: OpenOrder) =>
      nowOrLater(
        () => openNow(order),
        () => catalog.get(order.symbol).then((m) => openOn(m, order)),
      ),
    closePosition: (order: CloseOrder) =>
      nowOrLater(
        () => closeNow(order),
        () => marketOf(order.symbol).then((m) => closeOn(m, order)),
      ),
    cancelOpen: async (positionId) => submit('/v1/trade/cancel-quote', { positionId, chainId }),
    cancelClose: async (closeRequestId) =>
      submit('/v1/trade/cancel-close-request', { closeRequestId, chainId }),
    batchOpen: async (orders) => {
      const endpoint = 'POST /v1/trade/batch-create-positions';
      const items = [];
      for (const order of orders)
        items.push(openItem(await catalog.get(order.symbol), order, solver, endpoint));
      return batch('batch-create-positions', items);
    },
    batchClose: async (orders) => {
      const endpoint = 'POST /v1/trade/batch-close-positions';
      const items = [];
      for (const order of orders) items.push(closeItem(order, await marketOf(order.symbol), endpoint));
      return batch('batch-close-positions', items);
    },
    batchCancelOpen: async (ids) =>
      batch(
        'batch-cancel-quotes',
        ids.map((positionId) => ({ positionId })),
      ),
    batchCancelClose: async (ids) =>
      batch(
        'batch-cancel-close-requests',
        ids.map((closeRequestId) => ({ closeRequestId })),
      ),
  };

  return {
    subaccount,
    chainId,
    markets: () => catalog.refresh(),
    market: (symbol) => catalog.get(symbol),
    markPrices,
    positions,
    balance: async () => {
      const data = run({
        method: 'GET',
        path: '/v1/accounts/subaccount/balance',
        query: own,
        kind: 'read',
      }) as Record<string, string>;
      return toBalance(subaccount, {
        allocatedBalance: wireDec(data.allocatedBalance),
        equity: wireDec(data.equity),
        availableMargin: wireDec(data.availableMargin),
        lockedMargin: wireDec(data.lockedMargin),
        unrealizedPnl: wireDec(data.unrealizedPnl),
      });
    },
    fundingInfo: async () =>
      fundingFrom(
        run({
          method: 'GET',
          path: '/v1/solvers/funding-info',
          query: { solver, chainId },
          kind: 'read',
        }),
      ),
    listPermissions: async () =>
      toKeyPermissions(
        WireKeyPermissions.parse(
          run({ method: 'POST', path: '/v1/api-keys/list-permissions', body: {}, kind: 'read' }),
        ),
      ),
    ...actions,
    submit: (group) => submitVia(actions, group),
    // A single open or close of a market the catalog holds: the engine answers it now.
    submitNow: (group) => {
      if (group.items.length !== 1) return undefined;
      if (group.kind === 'open') {
        const [order] = group.items;
        return order === undefined ? undefined : openNow(order);
      }
      if (group.kind !== 'close') return undefined;
      const [order] = group.items;
      return order === undefined ? undefined : closeNow(order);
    },
    setTpSl,
    listTpSl: async (quoteIds) =>
      tpslStatesFrom(
        WireTpSlList.parse(
          run({ method: 'POST', path: '/v1/tpsl/list', body: { chainId, quoteIds }, kind: 'read' }),
        ),
      ),
    closeAll: async () => batch('close-all-positions', undefined),
    // Outcomes are told by the engine as it decides them, not polled.
    watchRequests: engineReports(engine),
    requestStatus: async (kind, id) => {
      const { path, param } = STATUS_ENDPOINTS[kind];
      const row = run({
        method: 'GET',
        path,
        query: { [param]: id, chainId },
        // A typed TempId is never empty, but a cast one may be: then the route's own 400 says so.
        queryValid: typeof id === 'string' && id !== '',
        kind: 'read',
        nullOn404: true,
      });
      return row === null ? null : statusFrom(row);
    },
  };
}
