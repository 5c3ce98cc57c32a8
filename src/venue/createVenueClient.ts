import type { Clock } from '../clock/Clock.ts';
import { ChainId, SubaccountAddress } from '../domain/ids.ts';
import { VenueFacts } from '../domain/venueFacts.ts';
import { ConfigError } from '../errors/ConfigError.ts';
import { balance } from './actions/balance.ts';
import { batchCancelClose, batchCancelOpen, batchClose, batchOpen, closeAll } from './actions/batch.ts';
import { cancelClose, cancelOpen } from './actions/cancel.ts';
import { closePosition } from './actions/closePosition.ts';
import type { VenueContext } from './actions/context.ts';
import { createPosition } from './actions/createPosition.ts';
import { fundingInfo } from './actions/funding.ts';
import { getMarkets } from './actions/markets.ts';
import { listPermissions } from './actions/permissions.ts';
import { positions } from './actions/positions.ts';
import { markPrices } from './actions/pricing.ts';
import { requestStatus } from './actions/status.ts';
import { listTpSl, setTpSl } from './actions/tpsl.ts';
import { assertApiKey } from './http/apiKey.ts';
import { parseBaseUrl } from './http/baseUrl.ts';
import { type BudgetOptions, RequestBudget } from './http/requestBudget.ts';
import type { RetryPolicy } from './http/retryPolicy.ts';
import { sharedBudget } from './http/sharedBudget.ts';
import { createVenueHttp } from './http/venueHttp.ts';
import { MarketCatalog } from './marketCatalog.ts';
import { rfqWatch } from './rfq/rfqWatch.ts';
import { submitVia } from './submitVia.ts';
import type { VenueFetch } from './transport.ts';
import type { VenueActions, VenueClient } from './VenuePort.ts';
import type { WatchRequests } from './VenueReport.ts';

/** Re-exported from VenueFacts, the one copy of the venue's facts. */
export const DEFAULT_CHAIN_ID: number = VenueFacts.defaultChainId;
export const DEFAULT_SOLVER: string = VenueFacts.defaultSolver;

export interface VenueClientOptions {
  /** The host root, without `/v1`. https unless loopback, or `IN_PROCESS_BASE_URL` with the simulator's fetch. */
  readonly baseUrl: string;
  /** `ix.` + 64 hex: checked here, before any request exists. */
  readonly apiKey: string;
  readonly subaccount: string;
  readonly chainId?: number;
  readonly solver?: string;
  /** The transport: the platform fetch (keep-alive) by default, or the simulator's in-process one. */
  readonly fetch?: VenueFetch;
  readonly clock: Clock;
  readonly timeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
  /** A bucket to share, or options for the one bucket every client on this key shares. */
  readonly budget?: RequestBudget | BudgetOptions;
  /**
   * When the process holds the venue itself (a dry run's engine), how outcomes are told instead of
   * polled; absent, this adapter polls the status endpoints (`rfqWatch`).
   */
  readonly watchRequests?: WatchRequests;
}

function checkSubaccount(raw: string): SubaccountAddress {
  try {
    return SubaccountAddress(raw);
  } catch {
    throw new ConfigError(`subaccount: not a 0x-prefixed 40-hex-digit address: ${JSON.stringify(raw)}`);
  }
}

/**
 * The venue in domain terms for one API key, subaccount and chain. Reads are retried with
 * backoff; submits are sent exactly once (a lost answer is an OutcomeUnknownError).
 */
export function createVenueClient(options: VenueClientOptions): VenueClient {
  const apiKey = assertApiKey(options.apiKey);
  const baseUrl = parseBaseUrl(options.baseUrl);
  const subaccount = checkSubaccount(options.subaccount);
  const chainId = ChainId(options.chainId ?? DEFAULT_CHAIN_ID);
  const solver = options.solver ?? DEFAULT_SOLVER;
  const { clock } = options;
  const budget =
    options.budget instanceof RequestBudget ? options.budget : sharedBudget(clock, apiKey, options.budget);
  const http = createVenueHttp({
    baseUrl,
    headers: { 'x-api-key': apiKey, accept: 'application/json' },
    clock,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    retry: options.retry,
    budget,
  });
  const catalog = new MarketCatalog(() => getMarkets(http, chainId), clock, solver);
  const ctx: VenueContext = { http, clock, subaccount, chainId, solver, catalog };

  const actions: VenueActions = {
    openPosition: (order) => createPosition(ctx, order),
    closePosition: (order) => closePosition(ctx, order),
    cancelOpen: (positionId) => cancelOpen(ctx, positionId),
    cancelClose: (closeRequestId) => cancelClose(ctx, closeRequestId),
    batchOpen: (orders) => batchOpen(ctx, orders),
    batchClose: (orders) => batchClose(ctx, orders),
    batchCancelOpen: (ids) => batchCancelOpen(ctx, ids),
    batchCancelClose: (ids) => batchCancelClose(ctx, ids),
  };
  return {
    watchRequests: options.watchRequests ?? rfqWatch,
    subaccount,
    chainId,
    markets: () => catalog.refresh(),
    market: (symbol) => catalog.get(symbol),
    markPrices: (symbols) => markPrices(ctx, symbols),
    positions: () => positions(ctx),
    balance: () => balance(ctx),
    fundingInfo: () => fundingInfo(ctx),
    listPermissions: () => listPermissions(http),
    ...actions,
    submit: (group) => submitVia(actions, group),
    setTpSl: (order) => setTpSl(ctx, order),
    listTpSl: (quoteIds) => listTpSl(ctx, quoteIds),
    closeAll: () => closeAll(ctx),
    requestStatus: (kind, id) => requestStatus(ctx, kind, id),
  };
}
