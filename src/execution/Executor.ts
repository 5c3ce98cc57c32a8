import type { Subject } from 'rxjs';
import type { Clock } from '../clock/Clock.ts';
import type { Fill } from '../domain/fill.ts';
import type { IntentId } from '../domain/ids.ts';
import type { Intent } from '../domain/intent.ts';
import type { Decimal } from '../domain/money.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { PriceTick } from '../domain/tick.ts';
import { AuthError } from '../errors/venueErrors.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import { describeError } from '../log/redact.ts';
import { cachedLatches } from '../risk/latchStore.ts';
import { type RiskOptions, riskOptionsFromConfig } from '../risk/limits.ts';
import { type ExposureView, RiskGate } from '../risk/RiskGate.ts';
import type { RequestStatusReport, VenuePort } from '../venue/VenuePort.ts';
import type { RequestWatch } from '../venue/VenueReport.ts';
import { checkPermissions } from './checkPermissions.ts';
import type { CrashHook } from './crash.ts';
import { DEFINITIVE_REJECT_CODES } from './definitiveRejects.ts';
import { ExecutionCore } from './ExecutionCore.ts';
import { type AlertSeverity, createEventBus, type ExecutionEvent } from './events.ts';
import type { ExposureIndex } from './exposureIndex.ts';
import { createExposureView } from './exposureView.ts';
import { type ExecutionOptions, type ExecutionOptionsInput, executionOptions } from './options.ts';
import type { PositionLedger } from './PositionLedger.ts';
import { type ReconcileResult, reconcile } from './reconcile.ts';
import { recoverJournal, trackRecovered } from './recoverJournal.ts';
import { sendCloseAll } from './send.ts';
import { type SubmitHost, submitIntent } from './submitIntent.ts';
import type { SubmitResult } from './submitResult.ts';
import type { ArmedTpSl } from './TpSlBook.ts';

export type { SubmitResult } from './submitResult.ts';

export interface ExecutorOptions<J extends JournalPort = JournalPort> {
  readonly venue: VenuePort;
  /** The SQLite `Journal` (live, dry-run, sim) or a `MemoryJournal` (backtest). */
  readonly journal: J;
  readonly clock: Clock;
  readonly risk?: RiskOptions;
  readonly execution?: ExecutionOptionsInput;
  /** Called at each labelled crash point; tests throw SimulatedCrash. */
  readonly crash?: CrashHook;
  readonly events?: Subject<ExecutionEvent>;
  readonly definitiveRejectCodes?: ReadonlySet<string>;
  /** The journal was rebuilt after corruption: every venue position is adopted as external. */
  readonly quarantined?: boolean;
  /**
   * The owner's teardown, called once when the executor ends: after an orderly `stop` (release the
   * lease, stop the scheduler) or when a crash hook killed it (stop the scheduler only).
   */
  readonly onEnd?: (how: 'stopped' | 'died') => void;
}

/**
 * The execution core for one venue subaccount: risk gate → journal → batcher → venue → tracker
 * → ledger. Every request is journaled before it can reach the network; an unclear outcome is
 * settled from positions, never by sending again. It owns no cadence and no process concern:
 * lease, periodic reconcile, heartbeat and the close-all watch are the kernel's (housekeeping.ts).
 */
export class Executor<J extends JournalPort = JournalPort> {
  readonly venue: VenuePort;
  readonly journal: J;
  readonly clock: Clock;
  readonly options: ExecutionOptions;
  readonly events$: Subject<ExecutionEvent>;
  readonly gate: RiskGate;
  readonly ledger: PositionLedger;
  readonly tracker: RequestWatch;
  readonly index: ExposureIndex;
  readonly quarantined: boolean;
  private readonly core: ExecutionCore;
  private draining = false;
  private reconciling: Promise<ReconcileResult> | undefined;
  private reconciledOnce = false;
  private readonly submitting: SubmitHost;
  private view: ExposureView | undefined;

  private constructor(o: ExecutorOptions<J>) {
    this.venue = o.venue;
    this.journal = o.journal;
    this.clock = o.clock;
    this.options = executionOptions(o.execution);
    this.events$ = o.events ?? createEventBus();
    this.quarantined = o.quarantined ?? o.journal.getMeta('quarantinedFrom') !== undefined;
    const risk = o.risk ?? riskOptionsFromConfig(undefined);
    this.core = new ExecutionCore({
      venue: o.venue,
      journal: o.journal,
      clock: o.clock,
      options: this.options,
      events$: this.events$,
      makeGate: (emit) => new RiskGate(cachedLatches(o.journal), o.clock, risk, emit),
      crash: o.crash ?? (() => {}),
      rejectCodes: o.definitiveRejectCodes ?? DEFINITIVE_REJECT_CODES,
      onEnd: o.onEnd ?? (() => {}),
      reconcileNow: () => this.reconcileNow(),
    });
    this.gate = this.core.gate;
    this.ledger = this.core.ledger;
    this.tracker = this.core.tracker;
    this.index = this.core.index;
    this.submitting = {
      core: this.core,
      journal: this.journal,
      gate: this.gate,
      accepting: () => this.alive() && !this.draining,
      reconciled: () => this.reconciledOnce,
      exposureView: () => this.exposureView(),
    };
  }

  /**
   * Recovers the journal, checks permissions and reconciles before returning; strategies may
   * submit once `ready`. It takes no lease and starts no periodic timer: the kernel takes the
   * lease first (`acquireTradingLease`) and registers `housekeepingJobs` with its scheduler.
   */
  static async start<J extends JournalPort>(o: ExecutorOptions<J>): Promise<Executor<J>> {
    const ex = new Executor<J>(o);
    if (ex.quarantined && o.journal.getMeta('quarantineAlerted') === undefined) {
      ex.alert(
        'critical',
        'JOURNAL_QUARANTINED',
        `the journal was corrupt and moved to ${o.journal.getMeta('quarantinedFrom')}; every venue position is adopted as external`,
      );
      o.journal.setMeta('quarantineAlerted', String(o.clock.now()));
    }
    for (const f of o.journal.fills()) ex.ledger.apply(f);
    const resend = (r: RequestRecord) => ex.core.send(r.kind, r.clientRequestId);
    recoverJournal(o.journal, (c) => ex.core.move(c), ex.index, resend);
    await ex.initialise();
    return ex;
  }

  /**
   * Markets, permissions, then the first reconciliation. A venue that cannot be read leaves the
   * executor not ready (every submit denied) and the attempt is repeated every 5 s: readiness is
   * the executor's own state, so this retry stays here rather than in the kernel's schedule.
   */
  private async initialise(): Promise<void> {
    const core = this.core;
    try {
      if (core.markets.size === 0)
        core.markets = new Map((await this.venue.markets()).map((m) => [m.symbol as string, m]));
      await checkPermissions(this.venue, this.gate, (...a) => this.alert(...a));
      // Recovered requests are polled only now: their fills need the market's fee rates. Again on
      // each attempt, after the permission check: a poll's 403 dropped its request from the polls
      // and halted reads, which that check clears when the key has the permission after all
      // (watching a request already watched changes nothing).
      trackRecovered(this.journal, this.tracker);
      await this.reconcileNow();
    } catch (e) {
      if (!this.alive()) return;
      if (e instanceof AuthError) this.gate.authFailure(describeError(e));
      this.alert(
        'warning',
        'START_INCOMPLETE',
        `start-up could not read the venue, retrying: ${describeError(e)}`,
      );
    }
    if (!this.reconciledOnce && this.alive() && !this.gate.authBroken)
      core.after(5_000, () => void this.initialise());
  }

  /** True once a reconciliation succeeded since start: before that, nothing may trade. */
  get ready(): boolean {
    return this.reconciledOnce && this.core.alive();
  }

  get isDead(): boolean {
    return this.core.dead;
  }

  /** False once stopped or killed: housekeeping jobs do nothing then. */
  alive(): boolean {
    return this.core.alive();
  }

  /** Requests whose outcome is not known yet. */
  unresolved(): RequestRecord[] {
    return this.journal.nonTerminal().filter((r) => r.status === 'UNKNOWN' || r.status === 'SUBMITTING');
  }

  /** True when nothing is waiting, in flight or unknown (asked after every timer of a backtest: a count). */
  isIdle(): boolean {
    return this.core.batcher.size === 0 && this.journal.nonTerminalCount() === 0;
  }

  /** Through the duplicate checks, the gate and the build to the insert queue (submitIntent.ts). */
  submit(intent: Intent): Promise<SubmitResult> {
    return submitIntent(this.submitting, intent);
  }

  /**
   * The kill switch: latches HALTED in the journal (new exposure refused until `resume`), and
   * with `closeAll` closes every position with close-all-positions. Signals: killSwitch.ts.
   */
  async halt(o: { reason?: string; closeAll?: boolean } = {}): Promise<void> {
    this.gate.halt(o.reason ?? 'kill switch');
    if (o.closeAll ?? this.gate.closeAllOnHalt)
      await sendCloseAll(this.core, `in_killswitch_${this.clock.now()}` as IntentId, null);
  }

  resume(): void {
    this.gate.resume();
  }

  /**
   * Latest prices (live stream, or the historical feed once per bar): the ledger's marks, stored as
   * numbers (Decimal only when read), and the TP/SL watch: a crossed leg brings a reconcile soon.
   */
  onPrices(ticks: readonly PriceTick[]): void {
    const ledger = this.ledger;
    for (let i = 0; i < ticks.length; i++) {
      const t = ticks[i] as PriceTick;
      ledger.markNumber(t.symbol, t.mark);
    }
    if (this.core.tpsl.watching && this.core.tpsl.onTicks(ticks)) this.core.onTpSlCrossed();
  }

  /** Reconciles now (or joins the one running) against GET /v1/positions/all. */
  reconcileNow(): Promise<ReconcileResult> {
    if (this.reconciling !== undefined) return this.reconciling;
    const run = reconcile(this.core)
      .then((res) => {
        if (res.ok) {
          this.reconciledOnce = true;
          this.core.emit({ type: 'reconciled', at: this.clock.now(), unresolved: this.unresolved().length });
        }
        return res;
      })
      .finally(() => {
        this.reconciling = undefined;
      });
    this.reconciling = run;
    return run;
  }

  /**
   * Orderly stop (SIGTERM, reliability.md A14): new intents are refused at once; requests in
   * flight get up to `drainMs` to reach a terminal state; then what never left the batcher is
   * NOT_SENT, what was sent without an answer is UNKNOWN (settled at the next start), polling
   * stops and `onEnd('stopped')` runs (the kernel releases the lease there).
   */
  async stop(o: { drainMs?: number } = {}): Promise<void> {
    const core = this.core;
    if (!core.alive() || this.draining) return;
    this.draining = true;
    const unsent = core.batcher.drain();
    if (unsent.length > 0) core.move(unsent.map((id) => ({ id, to: 'NOT_SENT' as const, note: 'shutdown' })));
    const until = this.clock.now() + (o.drainMs ?? 0);
    while (core.alive() && core.drainBusy() && this.clock.now() < until)
      await this.clock.sleep(Math.min(50, until - this.clock.now()));
    if (core.dead) return;
    core.book.commitOutcomes();
    const inFlight = this.journal.nonTerminal().filter((r) => r.status === 'SUBMITTING');
    const note = 'shutdown with the answer outstanding';
    core.move(inFlight.map((r) => ({ id: r.clientRequestId, to: 'UNKNOWN' as const, note })));
    core.end();
  }

  alert(severity: AlertSeverity, code: string, message: string): void {
    this.core.alert(severity, code, message);
  }

  /** Applies a status report (from a poll, reconciliation or a venue stream). */
  applyReport(r: RequestRecord, rep: RequestStatusReport, terminal: boolean): void {
    this.core.applyReport(r, rep, terminal);
  }

  /** What the risk gate sees: the ledger's positions plus every open not yet terminal (read live). */
  exposureView(): ExposureView {
    this.view ??= createExposureView(this.ledger, this.index);
    return this.view;
  }

  /** Account exposure per symbol:side from the ledger. */
  exposure(): Map<string, Decimal> {
    return this.ledger.exposure();
  }

  /** The TP/SL legs a position carries now, as the executor watches them (read-only views). */
  armedTpSlOn(quoteId: string): ArmedTpSl | undefined {
    return this.core.tpsl.armedOn(quoteId);
  }

  /** Fills recorded in the journal (for invariant checks and reports). */
  fills(): Fill[] {
    return this.journal.fills();
  }
}
