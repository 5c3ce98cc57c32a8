import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { ClientRequestId, MarketSymbol } from '../../src/domain/ids.ts';
import type { CancelIntent, Intent, OpenIntent } from '../../src/domain/intent.ts';
import { deriveIntentId } from '../../src/domain/intentId.ts';
import { dec } from '../../src/domain/money.ts';
import { CRASH_POINTS, type CrashPoint, SimulatedCrash } from '../../src/execution/crash.ts';
import type { Executor } from '../../src/execution/Executor.ts';
import type { FaultProfile } from '../../src/simulator/faults/FaultProfile.ts';
import { createRng, type Rng } from '../../src/simulator/rng.ts';
import {
  closeIntent,
  openIntent,
  type Running,
  sameExposure,
  setupVenue,
  show,
  startExecutor,
  tempJournalPath,
  type Venue,
  venueExposure,
} from '../execution/harness.ts';

const MARKETS = [
  {
    symbol: MarketSymbol('BTCUSDT'),
    sizes: ['0.002', '0.01', '0.02'],
    rest: { LONG: 50_000, SHORT: 150_000 },
  },
  { symbol: MarketSymbol('ETHUSDT'), sizes: ['0.01', '0.1'], rest: { LONG: 1_500, SHORT: 5_000 } },
  { symbol: MarketSymbol('SOLUSDT'), sizes: ['0.1', '1'], rest: { LONG: 90, SHORT: 300 } },
] as const;

/** A cancel of the open request an intent made (its client id is derived from the intent id). */
function cancelOf(signal: string, target: OpenIntent): CancelIntent {
  return {
    kind: 'cancel',
    intentId: deriveIntentId(target.strategyId, signal),
    strategyId: target.strategyId,
    createdAt: 0,
    symbol: target.symbol,
    target: ClientRequestId(`cr_${target.intentId.slice(3)}`),
  };
}

export interface SeedResult {
  readonly seed: number;
  readonly violations: readonly string[];
  readonly intents: number;
  readonly crashedAt?: CrashPoint;
  /** Requests by `kind:status` at the end, to see what the seed exercised. */
  readonly outcomes: Readonly<Record<string, number>>;
}

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(0, xs.length - 1)] as T;

function randomFaults(rng: Rng): FaultProfile {
  const on = (p: number): boolean => rng.next() < p;
  return {
    ...(on(0.5) ? { latencyMs: { min: 0, max: rng.int(1, 40) } } : {}),
    errorRate: on(0.4) ? rng.int(1, 10) / 100 : 0,
    ...(on(0.3)
      ? { rateLimit: { burstRate: rng.int(1, 5) / 100, burstLength: rng.int(1, 3), retryAfterSeconds: 1 } }
      : {}),
    dropResponseRate: on(0.5) ? rng.int(5, 30) / 100 : 0,
    indexingLagMs: on(0.4) ? rng.int(100, 3_000) : 0,
    solverRefusalRate: on(0.4) ? rng.int(5, 25) / 100 : 0,
  };
}

/** Random intents: opens on a few markets and sizes (fingerprints collide on purpose), repeats, closes. */
function randomIntents(rng: Rng, n: number): Intent[] {
  const out: Intent[] = [];
  const opens: OpenIntent[] = [];
  const resting: OpenIntent[] = [];
  for (let i = 0; i < n; i++) {
    const roll = rng.next();
    if (roll < 0.15 && opens.length > 0) {
      out.push(closeIntent(`close-${i}`, pick(rng, opens)));
    } else if (roll < 0.25 && out.length > 0) {
      out.push(pick(rng, out)); // the strategy repeats a signal
    } else if (roll < 0.32 && resting.length > 0) {
      out.push(cancelOf(`cancel-${i}`, pick(rng, resting)));
    } else {
      const m = pick(rng, MARKETS);
      const side = rng.next() < 0.5 ? 'LONG' : 'SHORT';
      const limit = rng.next() < 0.15;
      const o = openIntent(`open-${i}`, {
        symbol: m.symbol,
        side,
        quantity: dec(pick(rng, m.sizes)),
        allowStacking: rng.next() < 0.5,
        ...(limit ? { orderType: 'LIMIT' as const, limitPrice: dec(m.rest[side]) } : {}),
      });
      (limit ? resting : opens).push(o);
      out.push(o);
    }
  }
  return out;
}

/** The strategy's clean-up: cancel LIMIT opens still resting (a cancel may itself end unknown). */
async function cancelResting(v: Venue, ex: Executor): Promise<void> {
  for (let round = 0; round < 10; round++) {
    const resting = ex.journal
      .nonTerminal()
      .filter((r) => r.kind === 'open' && r.params.orderType === 'LIMIT' && r.status === 'ACCEPTED');
    const cancelling = new Set(
      ex.journal
        .nonTerminal()
        .filter((r) => r.kind === 'cancelOpen')
        .map((r) => r.params.target as string),
    );
    const todo = resting.filter((r) => !cancelling.has(r.clientRequestId));
    if (todo.length === 0 && cancelling.size === 0) return;
    for (const r of todo)
      await ex.submit({
        kind: 'cancel',
        intentId: deriveIntentId(r.strategyId, `cleanup-${round}-${r.clientRequestId}`),
        strategyId: r.strategyId,
        createdAt: 0,
        symbol: r.symbol,
        target: r.clientRequestId,
      });
    await v.clock.runUntil(
      () => ex.journal.nonTerminal().every((r) => r.params.orderType === 'LIMIT'),
      120_000,
    );
    await v.clock.advance(5_000);
  }
}

async function startTicking(v: Venue, path: string, crash?: (p: CrashPoint) => void): Promise<Running> {
  let done = false;
  const p = startExecutor(v, {
    path,
    ...(crash ? { crash } : {}),
    execution: { reconcile: { intervalMs: 10_000 } },
  }).finally(() => {
    done = true;
  });
  await v.clock.runUntil(() => done, 600_000);
  return p;
}

/**
 * One chaos run: random intents against random faults, at most one crash at a random labelled
 * point, restart and replay, then the invariants: no duplicate opens, every request terminal,
 * ledger equal to the venue's positions, no fill applied twice.
 */
export async function runSeed(seed: number): Promise<SeedResult> {
  const rng = createRng(seed * 2_654_435_761);
  const v = await setupVenue({ seed, fillLatencyMs: { min: 100, max: rng.int(300, 2_500) } });
  v.sim.setFaults(randomFaults(rng));
  const path = tempJournalPath();
  const intents = randomIntents(rng, rng.int(5, 15));
  const crashPoint = rng.next() < 0.6 ? pick(rng, CRASH_POINTS) : undefined;
  let crashAfter = rng.int(0, 3);
  let crashedAt: CrashPoint | undefined;
  const hook = (p: CrashPoint): void => {
    if (crashedAt !== undefined || p !== crashPoint) return;
    if (crashAfter-- > 0) return;
    crashedAt = p;
    throw new SimulatedCrash(p);
  };
  let run = await startTicking(v, path, hook);
  let ex: Executor = run.executor;
  for (let i = 0; i < intents.length; i++) {
    if (ex.isDead) {
      run = await startTicking(v, path);
      ex = run.executor;
      // After a restart the strategy replays everything it decided so far.
      for (const earlier of intents.slice(0, i)) await ex.submit(earlier);
    }
    await ex.submit(intents[i] as Intent);
    await v.clock.advance(rng.int(0, 400));
  }
  await v.clock.runUntil(() => ex.isDead || ex.isIdle(), 120_000);
  v.sim.setFaults({});
  // Settle: restart if the process died, cancel what rests, run until nothing is left open.
  for (let round = 0; round < 3; round++) {
    if (ex.isDead) {
      run = await startTicking(v, path);
      ex = run.executor;
    }
    await cancelResting(v, ex);
    await v.clock.runUntil(() => ex.isDead || ex.isIdle(), 1_800_000);
    if (!ex.isDead) break;
  }
  await v.clock.advance(20_000);
  await ex.reconcileNow();
  const violations = await checkInvariants(v, ex);
  const outcomes: Record<string, number> = {};
  for (const r of ex.journal.all())
    outcomes[`${r.kind}:${r.status}`] = (outcomes[`${r.kind}:${r.status}`] ?? 0) + 1;
  await ex.stop();
  v.sim.stop();
  rmSync(dirname(path), { recursive: true, force: true });
  return { seed, violations, intents: intents.length, outcomes, ...(crashedAt ? { crashedAt } : {}) };
}

export async function checkInvariants(v: Venue, ex: Executor): Promise<string[]> {
  const out: string[] = [];
  const requests = ex.journal.all();
  // I1: every venue quote is explained by exactly one of our open requests (nothing resent).
  const sub = v.sim.accounts.subaccount(v.acc.subaccount, v.acc.chainId);
  const byTemp = new Map<string, number>();
  for (const r of requests)
    if (r.kind === 'open' && r.tempId) byTemp.set(r.tempId, (byTemp.get(r.tempId) ?? 0) + 1);
  // A quote that never carried exposure (the solver refused it) may stay unknown to us when its
  // 201 was lost: it must then pair with one of our opens settled as not executed.
  const fp = (symbol: string, side: string, qty: string): string => `${symbol}|${side}|${qty}`;
  const blindNotExecuted = new Map<string, number>();
  for (const r of requests)
    if (r.kind === 'open' && !r.tempId && r.status === 'RECONCILED_NOT_EXECUTED') {
      const k = fp(r.symbol, r.side ?? '', r.quantity?.toString() ?? '');
      blindNotExecuted.set(k, (blindNotExecuted.get(k) ?? 0) + 1);
    }
  for (const q of v.sim.engine.quotesOf(sub)) {
    const tempId = q.tempId;
    const n = byTemp.get(tempId) ?? 0;
    if (n === 1) continue;
    const k = fp(q.market.spec.symbol, q.side, q.quantity.toString());
    const spare = blindNotExecuted.get(k) ?? 0;
    if (
      n === 0 &&
      (q.status === 'FAILED' || q.status === 'CANCELED' || q.status === 'EXPIRED') &&
      spare > 0
    ) {
      blindNotExecuted.set(k, spare - 1);
      continue;
    }
    out.push(`venue quote ${tempId} (${q.status}) is claimed by ${n} journal requests`);
  }
  const perIntent = new Map<string, number>();
  for (const r of requests)
    if (r.kind === 'open' && r.tempId) perIntent.set(r.intentId, (perIntent.get(r.intentId) ?? 0) + 1);
  for (const [intent, n] of perIntent) if (n > 1) out.push(`intent ${intent} opened ${n} venue quotes`);
  if (ex.journal.externals().length > 0)
    out.push(`${ex.journal.externals().length} position(s) adopted as external`);
  // No false alarms: nothing in a chaos run justifies halting trading or a market.
  if (ex.gate.state !== 'active') out.push(`trading ${ex.gate.state}: ${ex.gate.stateReason ?? ''}`);
  for (const m of ['BTCUSDT', 'ETHUSDT', 'SOLUSDT']) {
    const why = ex.gate.marketHalted(m);
    if (why !== undefined) out.push(`market ${m} halted: ${why}`);
  }
  // I2: every request is terminal or reconciled.
  for (const r of ex.journal.nonTerminal())
    out.push(`request ${r.clientRequestId} (${r.kind}) ended ${r.status}`);
  // I3: ledger equals the venue.
  const venue = await venueExposure(v);
  if (!sameExposure(ex.exposure(), venue))
    out.push(`ledger ${JSON.stringify(show(ex.exposure()))} != venue ${JSON.stringify(show(venue))}`);
  // I4: no fill applied twice: one open fill per executed open request, unique fill ids.
  const fills = ex.fills();
  if (new Set(fills.map((f) => f.fillId)).size !== fills.length) out.push('duplicate fill ids');
  const openFills = new Map<string, number>();
  for (const f of fills)
    if (f.effect === 'open' && f.clientRequestId)
      openFills.set(f.clientRequestId, (openFills.get(f.clientRequestId) ?? 0) + 1);
  for (const r of requests) {
    const executed = r.kind === 'open' && (r.status === 'FILLED' || r.status === 'RECONCILED_EXECUTED');
    const n = openFills.get(r.clientRequestId) ?? 0;
    if (executed && n !== 1) out.push(`open ${r.clientRequestId} is ${r.status} with ${n} fills`);
    if (!executed && r.kind === 'open' && n !== 0)
      out.push(`open ${r.clientRequestId} is ${r.status} but has ${n} fills`);
  }
  return out;
}
