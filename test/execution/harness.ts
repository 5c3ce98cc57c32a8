import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { MarketSymbol, StrategyId } from '../../src/domain/ids.ts';
import type { CloseIntent, OpenIntent } from '../../src/domain/intent.ts';
import { deriveIntentId } from '../../src/domain/intentId.ts';
import { type Decimal, dec, ZERO } from '../../src/domain/money.ts';
import { openQuantity } from '../../src/domain/position.ts';
import type { Permission, PositionSide } from '../../src/domain/side.ts';
import type { CrashHook } from '../../src/execution/crash.ts';
import { Executor } from '../../src/execution/Executor.ts';
import { createEventBus, type ExecutionEvent } from '../../src/execution/events.ts';
import { housekeepingJobs } from '../../src/execution/housekeeping.ts';
import type { ExecutionOptionsInput } from '../../src/execution/options.ts';
import { acquireTradingLease, leaseScopeOf } from '../../src/execution/tradingLease.ts';
import type { Journal } from '../../src/journal/Journal.ts';
import { openJournal } from '../../src/journal/openJournal.ts';
import type { RiskOptions } from '../../src/risk/limits.ts';
import { Scheduler } from '../../src/scheduler/Scheduler.ts';
import { createSimulator, type Simulator } from '../../src/simulator/createSimulator.ts';
import type { FaultProfile } from '../../src/simulator/faults/FaultProfile.ts';
import { manualPrices } from '../../src/simulator/prices/PriceSource.ts';
import { type BootstrappedAccount, bootstrapAccount } from '../../src/simulator/testing/bootstrapAccount.ts';
import { createVenueClient } from '../../src/venue/createVenueClient.ts';
import { IN_PROCESS_BASE_URL } from '../../src/venue/http/baseUrl.ts';
import { submitVia } from '../../src/venue/submitVia.ts';
import type { VenueClient } from '../../src/venue/VenuePort.ts';

export const BTC = MarketSymbol('BTCUSDT');
export const ETH = MarketSymbol('ETHUSDT');
export const S1 = StrategyId('s1');

export interface Venue {
  readonly clock: VirtualClock;
  readonly sim: Simulator;
  readonly acc: BootstrappedAccount;
  readonly venue: VenueClient;
}

export interface VenueSetup {
  readonly seed?: number;
  readonly fillLatencyMs?: { min: number; max: number };
  readonly faults?: FaultProfile;
  readonly permissions?: readonly Permission[];
  readonly collateral?: number;
}

/** The real simulator behind the real venue client, over the in-process transport, on a VirtualClock. */
export async function setupVenue(o: VenueSetup = {}): Promise<Venue> {
  const clock = new VirtualClock();
  const sim = createSimulator({
    clock,
    seed: o.seed ?? 1,
    fillLatencyMs: o.fillLatencyMs ?? { min: 300, max: 300 },
    prices: manualPrices(),
  });
  const acc = await bootstrapAccount(sim.fetch, {
    baseUrl: IN_PROCESS_BASE_URL,
    collateral: o.collateral ?? 1_000_000,
    ...(o.permissions ? { permissions: o.permissions } : {}),
  });
  if (o.faults) sim.setFaults(o.faults);
  const venue = createVenueClient({
    baseUrl: IN_PROCESS_BASE_URL,
    apiKey: acc.apiKey,
    subaccount: acc.subaccount,
    fetch: sim.fetch,
    clock,
    retry: { retries: 1, seed: o.seed ?? 1 },
  });
  return { clock, sim, acc, venue };
}

/** A journal file on tmpfs when there is one (test/setup/tempRoot.ts): these tests measure logic, not the disk. */
export function tempJournalPath(): string {
  const base = process.env.PERPFLOW_TEST_SHM ?? tmpdir();
  return join(mkdtempSync(join(base, 'pf-exec-')), 'journal.sqlite');
}

export interface Running {
  readonly executor: Executor<Journal>;
  readonly events: ExecutionEvent[];
  /** Submitting venue calls so far (single, batch, close-all), counted from `venueCall` events. */
  readonly venueCalls: () => number;
}

export interface StartOptions {
  readonly path: string;
  readonly crash?: CrashHook;
  readonly risk?: RiskOptions;
  readonly execution?: ExecutionOptionsInput;
  readonly venue?: VenueClient;
  readonly hostLockDir?: string;
}

/**
 * Wired as the kernel wires it: the trading lease first, then the executor, then its housekeeping
 * jobs on a scheduler over the same VirtualClock (the periodic reconcile the scenarios rely on).
 */
export async function startExecutor(v: Venue, o: StartOptions): Promise<Running> {
  const { journal } = openJournal({
    path: o.path,
    clock: v.clock,
    synchronous: 'NORMAL',
    // As the kernel opens it: the writes of a turn share one commit, awaited before any send.
    groupCommit: true,
    onCorrupt: 'quarantine',
  });
  const venue = o.venue ?? v.venue;
  const lease = acquireTradingLease(journal, leaseScopeOf(venue), o.hostLockDir);
  const events: ExecutionEvent[] = [];
  const bus = createEventBus();
  bus.subscribe((e) => events.push(e));
  const scheduler = new Scheduler(v.clock);
  const executor = await Executor.start({
    events: bus,
    venue,
    journal,
    clock: v.clock,
    onEnd: (how) => {
      scheduler.stop();
      if (how === 'stopped') lease.release();
    },
    ...(o.crash ? { crash: o.crash } : {}),
    ...(o.risk ? { risk: o.risk } : {}),
    ...(o.execution ? { execution: o.execution } : {}),
  });
  if (executor.alive()) {
    for (const job of housekeepingJobs(executor, lease)) scheduler.add(job);
    scheduler.start();
  }
  const venueCalls = () => events.filter((e) => e.type === 'venueCall').length;
  return { executor, events, venueCalls };
}

export function openIntent(signal: string, over: Partial<OpenIntent> = {}): OpenIntent {
  return {
    kind: 'open',
    intentId: deriveIntentId(over.strategyId ?? S1, signal),
    strategyId: S1,
    createdAt: 0,
    symbol: BTC,
    side: 'LONG',
    quantity: dec('0.010'),
    leverage: 5,
    orderType: 'MARKET',
    ...over,
  };
}

export function closeIntent(signal: string, open: OpenIntent, over: Partial<CloseIntent> = {}): CloseIntent {
  return {
    kind: 'close',
    intentId: deriveIntentId(open.strategyId, signal),
    strategyId: open.strategyId,
    createdAt: 0,
    symbol: open.symbol,
    position: { by: 'intent', intentId: open.intentId },
    quantity: 'all',
    orderType: 'MARKET',
    ...over,
  };
}

/** Venue exposure per `symbol:side`, from the positions list (filled, not fully closed). */
export async function venueExposure(v: Venue): Promise<Map<string, Decimal>> {
  const out = new Map<string, Decimal>();
  for (const p of await v.venue.positions()) {
    if (
      p.quoteId === null ||
      p.status === 'PENDING' ||
      p.status === 'LOCKED' ||
      p.status === 'CANCEL_PENDING'
    )
      continue;
    const k = `${p.symbol}:${p.side as PositionSide}`;
    out.set(k, (out.get(k) ?? ZERO).plus(openQuantity(p)));
  }
  return out;
}

export function sameExposure(a: Map<string, Decimal>, b: Map<string, Decimal>): boolean {
  const keys = new Set([...a.keys(), ...b.keys()]);
  for (const k of keys) if (!(a.get(k) ?? ZERO).equals(b.get(k) ?? ZERO)) return false;
  return true;
}

export function show(m: Map<string, Decimal>): Record<string, string> {
  return Object.fromEntries([...m].filter(([, v]) => !v.isZero()).map(([k, v]) => [k, v.toString()]));
}

/** An account-owner call on the session JWT (revoke a key, change a delegation). */
export async function ownerCall(v: Venue, method: string, path: string, body?: unknown): Promise<number> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${v.acc.jwt}`,
    accept: 'application/json',
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await v.sim.fetch(
    new Request(`${IN_PROCESS_BASE_URL}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  await res.text();
  return res.status;
}

export function delegate(v: Venue, permissions: readonly Permission[]): Promise<number> {
  return ownerCall(v, 'POST', '/v1/account-auth/delegate-access', {
    subaccountAddress: v.acc.subaccount,
    apiKeyIdentifier: v.acc.apiKeyId,
    permissions,
    chainId: v.acc.chainId,
  });
}

/** A second client on the same key and subaccount: a person trading by hand, or another bot. */
export function manualTrader(v: Venue): VenueClient {
  return createVenueClient({
    baseUrl: IN_PROCESS_BASE_URL,
    apiKey: v.acc.apiKey,
    subaccount: v.acc.subaccount,
    fetch: v.sim.fetch,
    clock: v.clock,
    retry: { retries: 0 },
  });
}

/** Number of quotes (any status) the venue holds for the subaccount: the duplicate-open oracle. */
export function venueQuoteCount(v: Venue): number {
  const sub = v.sim.accounts.subaccount(v.acc.subaccount, v.acc.chainId);
  return v.sim.engine.quotesOf(sub).length;
}

export async function settle(v: Venue, ex: Executor, limitMs = 120_000): Promise<boolean> {
  return v.clock.runUntil(() => ex.isIdle(), limitMs);
}

/**
 * The real client with some of its methods replaced: how a scenario makes the venue disagree. The
 * core sends through `submit`, which here goes through the replaced endpoints (a scenario says
 * what the venue's open endpoint answers, as the adapter would call it).
 */
export function venueWith(venue: VenueClient, overrides: Partial<VenueClient>): VenueClient {
  const proxy: VenueClient = new Proxy(venue, {
    get(target, prop, receiver) {
      if (Object.hasOwn(overrides, prop)) return overrides[prop as keyof VenueClient];
      if (prop === 'submit') return (group: Parameters<VenueClient['submit']>[0]) => submitVia(proxy, group);
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return proxy;
}
