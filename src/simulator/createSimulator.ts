import type { Clock } from '../clock/Clock.ts';
import { describeError } from '../log/redact.ts';
import type { VenueFetch } from '../venue/transport.ts';
import { AccountBook } from './engine/AccountBook.ts';
import { DEFAULT_FILL_LATENCY_MS } from './engine/defaults.ts';
import type { FillLatency } from './engine/FillLatency.ts';
import { SimEngine } from './engine/SimEngine.ts';
import { FaultInjector, type Outcome } from './faults/FaultInjector.ts';
import {
  type FaultProfile,
  NO_FAULTS,
  type ResolvedFaultProfile,
  resolveFaultProfile,
} from './faults/FaultProfile.ts';
import { createHandler, type SimHandler } from './http/createHandler.ts';
import { allRoutes } from './http/routes/index.ts';
import type { SimHttpRequest } from './http/types.ts';
import { inProcessFetch } from './inProcessFetch.ts';
import { DEFAULT_CHAIN_ID, defaultMarkets, type SimMarket } from './markets.ts';
import { gbmPrices } from './prices/gbmPrices.ts';
import type { PriceSource } from './prices/PriceSource.ts';
import { createRng } from './rng.ts';
import type { Listening } from './server/listen.ts';

export interface SimulatorOptions {
  /** All time (fills, funding, JWT expiry, latency faults) comes from this clock. */
  readonly clock: Clock;
  /** Seeds ids, secrets, latencies, the default price walk and faults. Default 1. */
  readonly seed?: number;
  /** Delay from accept (or LIMIT trigger) to fill: uniform `{min, max}` or log-normal `{median, p99}` ms (see FillLatency). Default uniform 1–3 s. */
  readonly fillLatencyMs?: FillLatency;
  /** How long a LIMIT open or close rests before it ends EXPIRED. Default 24 h. */
  readonly limitTtlMs?: number;
  /** Default: a seeded GBM over the catalog, one step per second of the clock. */
  readonly prices?: PriceSource;
  /** Default: no faults. */
  readonly faults?: FaultProfile;
  /** Default VenueFacts.defaultChainId (42161). */
  readonly chainId?: number;
  /** Default: BTC/ETH/SOL/XRP (cross) and XAUUSD/SPXUSD (isolated RWA). */
  readonly markets?: readonly SimMarket[];
  /**
   * Serve /dev/sign-in and /dev/faucet (no credential needed). Default true; false when the
   * simulator is reachable beyond loopback (`perpflow sim --allow-remote`).
   */
  readonly devDoors?: boolean;
  /** The engine's bounded history (EngineOptions.history); default: every record kept. A backtest's. */
  readonly history?: number;
  /** Called with unexpected handler errors (answered 500); default: one redacted line on stderr. */
  readonly onInternalError?: (error: unknown) => void;
}

export interface Simulator {
  /** The matching engine: setMark, submits, state inspection. */
  readonly engine: SimEngine;
  /** Wallets, subaccounts, keys, delegations, sessions; `signIn` and `faucet` are the dev doors. */
  readonly accounts: AccountBook;
  /** In-process transport; the base URL is irrelevant (use http://sim.local). */
  readonly fetch: VenueFetch;
  /** The framework-free core handler, without faults. */
  readonly handle: SimHandler;
  setFaults(profile: FaultProfile): void;
  /** Serves the same handler over HTTP (default 127.0.0.1, port 0 = any free port). */
  listen(opts?: { port?: number; host?: string }): Promise<Listening>;
  /** Stops the price source. Close listeners separately. */
  stop(): void;
}

/** Builds a venue simulator: engine, core handler, in-process fetch and an HTTP server on demand. */
export function createSimulator(options: SimulatorOptions): Simulator {
  const seed = options.seed ?? 1;
  const root = createRng(seed);
  const markets = options.markets ?? defaultMarkets();
  const prices =
    options.prices ??
    gbmPrices(
      markets.map((m) => ({ symbol: m.spec.symbol, initialPrice: m.initialPrice, volatility: m.volatility })),
      { seed: (seed * 7919 + 17) >>> 0 },
    );
  const accounts = new AccountBook(options.clock);
  const engine = new SimEngine({
    accounts,
    clock: options.clock,
    rng: root.fork(),
    markets,
    prices,
    fillLatencyMs: options.fillLatencyMs ?? DEFAULT_FILL_LATENCY_MS,
    chainId: options.chainId ?? DEFAULT_CHAIN_ID,
    ...(options.limitTtlMs === undefined ? {} : { limitTtlMs: options.limitTtlMs }),
    ...(options.history === undefined ? {} : { history: options.history }),
  });
  const routes =
    options.devDoors === false ? allRoutes.filter((r) => !r.path.startsWith('/dev/')) : allRoutes;
  const handle = createHandler(
    { engine, accounts },
    routes,
    options.onInternalError ??
      ((e) => process.stderr.write(`venue simulator: internal error: ${describeError(e)}\n`)),
  );
  let injector: FaultInjector;
  const applyFaults = (p: ResolvedFaultProfile): void => {
    injector = new FaultInjector(p, options.clock, (seed * 31 + 7) >>> 0);
    engine.setFaults({
      indexingLagMs: p.indexingLagMs,
      solverRefusalRate: p.solverRefusalRate,
      slowFillRate: p.slowFills?.rate ?? 0,
      slowFillExtraMs: p.slowFills?.extraMs ?? 0,
    });
  };
  applyFaults(options.faults ? resolveFaultProfile(options.faults) : NO_FAULTS);
  // Without transport faults the answer is ready at once: no promise on the hot path.
  const dispatch = (req: SimHttpRequest): Outcome | Promise<Outcome> =>
    injector.idle ? { kind: 'response', response: handle(req) } : injector.apply(req, handle);
  return {
    engine,
    accounts,
    handle,
    fetch: inProcessFetch(dispatch),
    setFaults: (p) => applyFaults(resolveFaultProfile(p)),
    // Fastify and its OpenAPI pages load only for a simulator that listens (`perpflow sim`, --sim).
    listen: async (opts) => (await import('./server/listen.ts')).listen(dispatch, routes, opts),
    stop: () => engine.stop(),
  };
}
