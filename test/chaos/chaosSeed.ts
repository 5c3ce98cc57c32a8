import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Intent } from '../../src/domain/intent.ts';
import { dec } from '../../src/domain/money.ts';
import { CRASH_POINTS, type CrashPoint, SimulatedCrash } from '../../src/execution/crash.ts';
import type { Executor } from '../../src/execution/Executor.ts';
import type { Journal } from '../../src/journal/Journal.ts';
import { createRng, type Rng } from '../../src/simulator/rng.ts';
import {
  manualTrader,
  type Running,
  setupVenue,
  startExecutor,
  tempJournalPath,
  type Venue,
} from '../execution/harness.ts';
import { randomFaults } from './chaosFaults.ts';
import { cancelResting, MANUAL_SIZES, moveMarks, pick, randomIntents } from './chaosIntents.ts';
import { checkInvariants } from './chaosInvariants.ts';

export interface SeedResult {
  readonly seed: number;
  readonly violations: readonly string[];
  readonly intents: number;
  readonly crashedAt?: CrashPoint;
  /** Requests by `kind:status` at the end, to see what the seed exercised. */
  readonly outcomes: Readonly<Record<string, number>>;
  /** The process-level faults the seed drew: manual trades, journal failure, recovery crash, operator restart. */
  readonly events: readonly string[];
}

/** Fill ids a ledger instance applied more than once, from its own apply calls. */
function watchApplies(ex: Executor, twice: string[]): void {
  const seen = new Set<string>();
  const apply = ex.ledger.apply.bind(ex.ledger);
  ex.ledger.apply = (fill) => {
    const changed = apply(fill);
    if (changed && seen.has(fill.fillId)) twice.push(fill.fillId);
    if (changed) seen.add(fill.fillId);
    return changed;
  };
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

/** A trade made by hand on the same subaccount (its answer may be lost like any other). */
async function manualTrade(v: Venue, rng: Rng): Promise<void> {
  const m = pick(rng, MANUAL_SIZES);
  let done = false;
  void manualTrader(v)
    .openPosition({
      symbol: m.symbol,
      side: rng.next() < 0.5 ? 'LONG' : 'SHORT',
      quantity: dec(m.quantity),
      leverage: 2,
      orderType: 'MARKET',
    })
    .catch(() => undefined) // a lost or refused manual trade is the venue's business
    .finally(() => {
      done = true;
    });
  // The venue's latency runs on the virtual clock: let it pass.
  await v.clock.runUntil(() => done, 60_000);
}

/**
 * One chaos run: random intents against random faults; at most one crash at a random labelled
 * point and possibly a second one during the recovery; trades made by hand; the journal turning
 * read-only for a while; then the operator's restart (and resume after a halt the faults
 * justified), the strategy's replay, and the invariants (chaosInvariants.ts).
 */
export async function runSeed(seed: number): Promise<SeedResult> {
  const rng = createRng(seed * 2_654_435_761);
  const v = await setupVenue({ seed, fillLatencyMs: { min: 100, max: rng.int(300, 2_500) } });
  v.sim.setFaults(randomFaults(rng));
  const startCollateral = v.sim.accounts.subaccount(v.acc.subaccount, v.acc.chainId).collateral;
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
  // A crash during recovery: the first restart dies again at the first labelled point it reaches.
  let recoveryCrash = rng.next() < 0.3;
  const restartHook = (p: CrashPoint): void => {
    if (!recoveryCrash) return;
    recoveryCrash = false;
    events.push(`recoveryCrash:${p}`);
    throw new SimulatedCrash(p);
  };
  const manualAt = new Set(
    rng.next() < 0.4 ? [rng.int(0, intents.length - 1), rng.int(0, intents.length)] : [],
  );
  const journalFailAt = rng.next() < 0.15 ? rng.int(0, intents.length - 1) : -1;
  const appliedTwice: string[] = [];
  const events: string[] = [];
  if (manualAt.size > 0) events.push('manualTrades');
  let killNow = false;
  const start = async (crash?: (p: CrashPoint) => void): Promise<Executor<Journal>> => {
    killNow = false;
    const run = await startTicking(v, path, (p) => {
      if (killNow) throw new SimulatedCrash(p);
      crash?.(p);
    });
    watchApplies(run.executor, appliedTwice);
    return run.executor;
  };
  const replay = async (ex: Executor, upTo: number): Promise<void> => {
    for (const earlier of intents.slice(0, upTo)) await ex.submit(earlier);
  };

  let ex = await start(hook);
  let journalBroken = false;
  for (let i = 0; i < intents.length; i++) {
    if (ex.isDead) {
      journalBroken = false;
      ex = await start(crashedAt === undefined ? undefined : restartHook);
      // After a restart the strategy replays everything it decided so far.
      await replay(ex, i);
    }
    if (manualAt.has(i)) await manualTrade(v, rng);
    if (i === journalFailAt && !ex.isDead) {
      ex.journal.database.exec('PRAGMA query_only=1');
      journalBroken = true;
      events.push('journalReadOnly');
    }
    await ex.submit(intents[i] as Intent);
    moveMarks(v, rng);
    await v.clock.advance(rng.int(0, 400));
  }
  if (manualAt.has(intents.length)) await manualTrade(v, rng);
  await v.clock.runUntil(() => ex.isDead || ex.isIdle(), 120_000);
  v.sim.setFaults({});
  // Settle. A dead process is restarted; a halt the faults justified (journal unwritable, key or
  // permission refused) is the operator's: the disk or key is fixed, the process restarted and
  // resumed. After each restart the strategy replays its intents; what rests is cancelled.
  for (let round = 0; round < 5; round++) {
    let restart = ex.isDead;
    if (!ex.isDead && needsOperator(ex, journalBroken)) {
      events.push(`operatorRestart(${ex.gate.stateReason ?? 'capability'})`);
      if (journalBroken) {
        // The journal refuses every write from now on (sticky): only a new process can go on.
        killNow = true;
        kill(ex);
      } else await ex.stop();
      restart = true;
    }
    if (restart) {
      journalBroken = false;
      ex = await start(restartHook);
      // The recovery crash may have killed it already (its journal is closed): the next round restarts it.
      if (!ex.isDead && ex.gate.state === 'halted') ex.resume();
      if (!ex.isDead) await replay(ex, intents.length);
    }
    await cancelResting(v, ex);
    await v.clock.runUntil(() => ex.isDead || ex.isIdle() || needsOperator(ex, journalBroken), 1_800_000);
    if (!ex.isDead && !needsOperator(ex, journalBroken)) break;
  }
  await v.clock.advance(20_000);
  await ex.reconcileNow();
  const violations = await checkInvariants(v, ex, {
    manualSizes: new Set(MANUAL_SIZES.map((m) => `${m.symbol}|${m.quantity}`)),
    appliedTwice,
    startCollateral,
  });
  const outcomes: Record<string, number> = {};
  for (const r of ex.journal.all())
    outcomes[`${r.kind}:${r.status}`] = (outcomes[`${r.kind}:${r.status}`] ?? 0) + 1;
  // Fills by origin (open, close, tpsl: a close the venue made by firing a leg, recon, …).
  for (const f of ex.fills()) {
    const k = `fill:${f.fillId.slice(0, f.fillId.indexOf(':'))}`;
    outcomes[k] = (outcomes[k] ?? 0) + 1;
  }
  await ex.stop();
  v.sim.stop();
  rmSync(dirname(path), { recursive: true, force: true });
  return {
    seed,
    violations,
    intents: intents.length,
    outcomes,
    events,
    ...(crashedAt ? { crashedAt } : {}),
  };
}

/** SIGKILL: the executor dies at once through its own crash path (timers stop, journal dropped). */
function kill(ex: Executor): void {
  try {
    (ex as unknown as { core: { crashAt(p: CrashPoint): void } }).core.crashAt('midPoll');
  } catch {
    // the simulated crash itself
  }
}

/** A halt only the operator lifts: an unwritable journal, a refused key, a refused permission. */
function needsOperator(ex: Executor, journalBroken: boolean): boolean {
  return (
    journalBroken ||
    ex.gate.authBroken ||
    ex.gate.state === 'halted' ||
    (['open', 'close', 'cancel', 'read'] as const).some((c) => ex.gate.capabilityHalted(c) !== undefined)
  );
}
