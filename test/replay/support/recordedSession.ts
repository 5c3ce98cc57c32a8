import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VirtualClock } from '../../../src/clock/VirtualClock.ts';
import { type CrashPoint, SimulatedCrash } from '../../../src/execution/crash.ts';
import { simAccount } from '../../../src/kernel/edges/simAccount.ts';
import { Kernel } from '../../../src/kernel/Kernel.ts';
import { recordEdges, recorderTap } from '../../../src/kernel/record/recorderFor.ts';
import { silentLogger } from '../../../src/log/Logger.ts';
import { driveClock } from '../../../src/replay/driveClock.ts';
import { createSimulator, type Simulator } from '../../../src/simulator/createSimulator.ts';
import type { FaultProfile } from '../../../src/simulator/faults/FaultProfile.ts';
import {
  type LoadedConfig,
  loadConfigWithStrategies,
} from '../../../src/strategy/loadConfigWithStrategies.ts';
import { IN_PROCESS_BASE_URL } from '../../../src/venue/http/baseUrl.ts';
import type { VenuePort } from '../../../src/venue/VenuePort.ts';

/**
 * The venue, but every n-th open status poll that answers OPENED says FAILED instead: the status
 * endpoint lying about a fill the venue made (test/execution/scenarios-contradicted.test.ts).
 */
function lyingFills(venue: VenuePort, n: number): VenuePort {
  let opened = 0;
  return {
    ...venue,
    requestStatus: async (kind, id) => {
      const rep = await venue.requestStatus(kind, id);
      if (rep === null || kind !== 'open' || rep.status !== 'OPENED' || ++opened % n !== 0) return rep;
      return { ...rep, status: 'FAILED', quoteId: null, errorCode: '4006' };
    },
  };
}

export const NTH = join(import.meta.dirname, '../fixtures/everyNthBar.ts');

/** A sim-mode bot's config: the fixture on BTCUSDT every `every` 10 s bars, and the built-in dca on ETHUSDT. */
export function sessionConfig(dir: string, every: number): string {
  return `mode: sim
market: { pollIntervalMs: 1000, staleAfterMs: 5000 }
journal: { path: ${join(dir, 'j.sqlite')} }
record: { path: ${join(dir, 'session.rec')} }
simulator: { seed: 7, fillLatencyMs: { min: 200, max: 1500 } }
execution:
  poll: { firstDelayMs: 200, factor: 1.5, maxDelayMs: 1000, notFoundGraceMs: 10000, notFoundLimit: 5, deadlineMs: 300000 }
  reconcile: { intervalMs: 30000, convergenceMs: 5000, unknownSettleMs: 30000, fingerprintWindowMs: 60000 }
risk:
  account: { maxOpenPositions: 50, maxNotionalPerPosition: 100000, maxTotalNotional: 100000, maxLeverage: 5, maxIntentsPerMinute: 100, dailyLossLimit: 5000, maxDrawdownPct: 50 }
strategies:
  - { id: nth, module: ${NTH}, markets: [BTCUSDT], params: { every: ${every}, quantity: 0.002 } }
  - { id: dca, module: dca, markets: [ETHUSDT], params: { cron: "*/20 * * * * *", notional: 100, leverage: 1, takeProfit: 0.0005 } }
`;
}

/** Time-outs (answers slower than the client waits), lost answers of trades that happened, 429 bursts, 503s, solver refusals, indexing lag. */
export const FAULTS: FaultProfile = {
  seed: 3,
  errorRate: 0.05,
  rateLimit: { burstRate: 0.03, burstLength: 2, retryAfterSeconds: 1 },
  dropResponseRate: 0.2,
  slowResponses: { rate: 0.03, ms: 11_000 },
  lateArrivals: { rate: 0.03, ms: 11_000 },
  solverRefusalRate: 0.1,
  indexingLagMs: 500,
};

/**
 * A sim-mode session on a virtual clock, process by process: one simulator that outlives them
 * (its fault profile on while the bot trades), a journal and a recording in `dir`, each process
 * set up and wrapped as `perpflow run` does (simAccount, recordEdges, the recorder's tap).
 */
export class RecordedSession {
  readonly dir = mkdtempSync(join(tmpdir(), 'perpflow-recorded-'));
  readonly clock = new VirtualClock(Date.UTC(2026, 2, 2, 9));
  readonly configFile = join(this.dir, 'bot.yaml');
  readonly recording = join(this.dir, 'session.rec');
  readonly journal = join(this.dir, 'j.sqlite');
  /** Every secret the processes were given (keys, session tokens). */
  readonly secrets: string[] = [];
  readonly sim: Simulator;
  private loaded: LoadedConfig | undefined;

  readonly faults: FaultProfile;

  /**
   * Its hooks' real-time budget. Untimed by default: on a virtual clock a loaded test machine must
   * not drop a hook's intents in the recorded run alone (a call over a finite budget is recorded,
   * and its replay fails it again).
   */
  hookBudgetMs = Number.POSITIVE_INFINITY;

  /** Every n-th filled open's status poll says FAILED (issue 14's defect: the venue filled it). */
  readonly failedButFilled: number;

  constructor(faults: FaultProfile = {}, every = 3, failedButFilled = 0) {
    this.faults = faults;
    this.failedButFilled = failedButFilled;
    writeFileSync(this.configFile, sessionConfig(this.dir, every));
    this.sim = createSimulator({ clock: this.clock, seed: 7, fillLatencyMs: { min: 200, max: 1500 } });
  }

  /**
   * One process until `until` (clock time), stopped in order — or killed at the first `crash.point`
   * after `crash.after`: its recording ends there, as a killed process's does.
   */
  async run(
    until: number,
    crash?: { readonly after: number; readonly point: CrashPoint },
    /** Called once the kernel has started: an operator's doings, scheduled on the clock. */
    started?: (k: Kernel) => void,
  ): Promise<'stopped' | 'crashed'> {
    this.loaded ??= await loadConfigWithStrategies(this.configFile);
    const { config } = this.loaded;
    const clock = this.clock;
    this.sim.setFaults({});
    const account = await simAccount(config, {
      clock,
      baseUrl: IN_PROCESS_BASE_URL,
      fetch: this.sim.fetch,
      keep: join(this.dir, 'key.json'),
    });
    this.sim.setFaults(this.faults);
    this.secrets.push(...account.secrets);
    const venue = this.failedButFilled > 0 ? lyingFills(account.venue, this.failedButFilled) : account.venue;
    const edges = {
      venue,
      prices: account.venue,
      describe: 'test',
      ephemeral: false,
      secrets: account.secrets,
      close: async () => {},
    };
    const recorded = recordEdges(config, edges, { clock, configFile: this.configFile });
    if (recorded === undefined) throw new Error('sim mode records by default');
    const rec = recorded.recorder;
    let crashed = false;
    let closed: Promise<void> = Promise.resolve();
    let kernel: Kernel | undefined;
    void Kernel.start({
      loaded: this.loaded,
      edges: recorded.edges,
      clock,
      log: silentLogger,
      tap: recorderTap(rec),
      processMetrics: false,
      allowSharedAccount: true,
      hookBudgetMs: this.hookBudgetMs,
      crash: (p) => {
        if (crashed || crash === undefined || p !== crash.point || clock.now() < crash.after) return;
        crashed = true;
        closed = rec.close(); // nothing after this moment reaches the recording
        throw new SimulatedCrash(p);
      },
    }).then((k) => {
      kernel = k;
      started?.(k);
    });
    await driveClock(clock, until, () => crashed);
    if (crashed) {
      kernel?.stage.stop(); // the rest of the dead process: no strategy hears anything more
      await closed; // what it recorded before, on disk (compressed in the threadpool)
      return 'crashed';
    }
    if (kernel === undefined) throw new Error('the kernel did not start');
    rec.stop();
    const stopping = kernel.stop();
    // The clock runs while the executor drains. The stop's last step waits on the recording's
    // writes (real time) before it lets go of the lease; the venue's clock must not run on
    // meanwhile, or the next process would start as much later as the disk was slow.
    const ex = kernel.executor;
    await driveClock(clock, Number.POSITIVE_INFINITY, () => !ex.alive());
    await stopping;
    await rec.close();
    return 'stopped';
  }
}
