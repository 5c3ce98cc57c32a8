import type { Subject } from 'rxjs';
import type { Clock, TimerHandle } from '../clock/Clock.ts';
import type { Fill } from '../domain/fill.ts';
import type { ClientRequestId, IntentId, StrategyId } from '../domain/ids.ts';
import type { Intent } from '../domain/intent.ts';
import type { MarketSpec } from '../domain/market.ts';
import { type Decimal, dec, ZERO } from '../domain/money.ts';
import type { Position } from '../domain/position.ts';
import type { RequestRecord } from '../domain/request.ts';
import { canTransition, isTerminal, type RequestStatus } from '../domain/requestStatus.ts';
import type { RequestKind } from '../domain/venueStatus.ts';
import { JournalError } from '../errors/JournalError.ts';
import { AuthError, type PermissionError } from '../errors/venueErrors.ts';
import { acquireHostLock, type HostLock } from '../journal/hostLock.ts';
import type { Journal, RequestPatch } from '../journal/Journal.ts';
import { describeError } from '../log/redact.ts';
import { DenialReason } from '../risk/denialReason.ts';
import { type RiskOptions, riskOptionsFromConfig } from '../risk/limits.ts';
import { type ExposureView, RiskGate } from '../risk/RiskGate.ts';
import type { Capability } from '../risk/tradingState.ts';
import type { BatchAck, RequestStatusReport, SubmitAck, VenuePort } from '../venue/VenuePort.ts';
import { Batcher } from './Batcher.ts';
import { checkPermissions } from './checkPermissions.ts';
import { closeAllRecords } from './closeAllRecords.ts';
import type { CrashHook, CrashPoint } from './crash.ts';
import { DEFINITIVE_REJECT_CODES } from './definitiveRejects.ts';
import { createEventBus, type ExecutionEvent } from './events.ts';
import { ExposureIndex } from './exposureIndex.ts';
import { createExposureView } from './exposureView.ts';
import { CLOSE_ALL_REQUESTED } from './haltSignal.ts';
import { type ExecutionOptions, type ExecutionOptionsInput, executionOptions } from './options.ts';
import { type FeeRates, fillOf, reportFill, requestOutcome } from './outcome.ts';
import { PositionLedger } from './PositionLedger.ts';
import { type ReconcileResult, reconcile } from './reconcile.ts';
import { buildRequest } from './requestBuilder.ts';
import type { RequestChange } from './requestChange.ts';
import { type AnswerHost, applyAck, applySubmitError } from './submitAnswer.ts';
import { Tracker } from './Tracker.ts';
import { sendRequests } from './venueOrders.ts';

export interface ExecutorOptions {
  readonly venue: VenuePort;
  readonly journal: Journal;
  readonly clock: Clock;
  readonly risk?: RiskOptions;
  readonly execution?: ExecutionOptionsInput;
  /** Called at each labelled crash point; tests throw SimulatedCrash. */
  readonly crash?: CrashHook;
  readonly events?: Subject<ExecutionEvent>;
  /** Lease scope; default `venue:<chainId>:<subaccount>`. */
  readonly leaseScope?: string;
  readonly definitiveRejectCodes?: ReadonlySet<string>;
  /** The journal was rebuilt after corruption: every venue position is adopted as external. */
  readonly quarantined?: boolean;
  /**
   * A directory for a host-wide lock per lease scope, so a second instance refuses to start even
   * with a different journal file (live and sim modes; tests that share a subaccount leave it off).
   */
  readonly hostLockDir?: string;
}

export type SubmitResult =
  | { readonly status: 'accepted'; readonly clientRequestIds: readonly ClientRequestId[] }
  | { readonly status: 'duplicate'; readonly clientRequestIds: readonly ClientRequestId[] }
  | { readonly status: 'denied'; readonly reason: DenialReason; readonly message: string };

const PLATFORM_FEE = dec('0.0003');

/**
 * The execution core for one venue subaccount: risk gate → journal → batcher → venue → tracker
 * → ledger, with reconciliation from the positions list at start and on a timer. Every request
 * is journaled before it can reach the network; an unclear outcome is settled from positions,
 * never by sending again.
 */
export class Executor {
  readonly venue: VenuePort;
  readonly journal: Journal;
  readonly clock: Clock;
  readonly options: ExecutionOptions;
  readonly events$: Subject<ExecutionEvent>;
  readonly gate: RiskGate;
  readonly ledger = new PositionLedger();
  readonly tracker: Tracker;
  readonly index = new ExposureIndex();
  readonly quarantined: boolean;
  private readonly crashHook: CrashHook;
  private readonly rejectCodes: ReadonlySet<string>;
  private readonly batcher: Batcher<RequestKind, ClientRequestId>;
  private readonly timers = new Set<TimerHandle>();
  private markets = new Map<string, MarketSpec>();
  private dead = false;
  private hostLock: HostLock | undefined;
  private draining = false;
  private readonly outcomes = new Map<
    ClientRequestId,
    { change: RequestChange; fill?: Fill; liquidated: boolean }
  >();
  private outcomeCommitScheduled = false;
  private insertQueue: { record: RequestRecord; intent: Intent; resolve: (r: SubmitResult) => void }[] = [];
  private readonly pendingIntents = new Map<IntentId, ClientRequestId>();
  private stopped = false;
  private reconciling: Promise<ReconcileResult> | undefined;
  private reconciledOnce = false;
  /** Requests sent to the venue (single and batch calls), for benchmarks. */
  submitCalls = 0;

  private constructor(o: ExecutorOptions) {
    this.venue = o.venue;
    this.journal = o.journal;
    this.clock = o.clock;
    this.options = executionOptions(o.execution);
    this.events$ = o.events ?? createEventBus();
    this.crashHook = o.crash ?? (() => {});
    this.rejectCodes = o.definitiveRejectCodes ?? DEFINITIVE_REJECT_CODES;
    this.quarantined = o.quarantined ?? o.journal.getMeta('quarantinedFrom') !== undefined;
    this.gate = new RiskGate(o.journal, o.clock, o.risk ?? riskOptionsFromConfig(undefined), (e) =>
      this.emit(e),
    );
    this.batcher = new Batcher(
      o.clock,
      this.options.batchWindowMs,
      this.options.maxBatchSize,
      (kind, ids) => {
        void this.flush(kind, ids);
      },
    );
    this.tracker = new Tracker(o.venue, o.clock, this.options.poll, {
      alive: () => this.alive(),
      current: (id) => {
        const r = this.journal.get(id);
        return r === undefined || isTerminal(r.status) ? undefined : r;
      },
      onReport: (r, rep, terminal) => this.applyReport(r, rep, terminal),
      onLost: (r, why) => this.markUnknown([r], why),
      onAuthError: (e) => this.onAuth(e),
      onPermissionError: (e) => this.onPermission('read', e),
      onOutage: (ms) =>
        this.alert('warning', 'STATUS_OUTAGE', `status polls failing for ${Math.round(ms / 1000)} s`),
      onRateLimited: (ms) => this.alert('warning', 'RATE_LIMITED', `status polls got 429: paused ${ms} ms`),
      midPoll: () => this.crashAt('midPoll'),
    });
  }

  /**
   * Takes the journal lease (a second instance refuses to start), recovers the journal,
   * checks permissions and reconciles before returning. Strategies may submit once `ready`.
   */
  static async start(o: ExecutorOptions): Promise<Executor> {
    const ex = new Executor(o);
    const scope = o.leaseScope ?? `venue:${o.venue.chainId}:${o.venue.subaccount}`;
    o.journal.acquireLease(scope);
    if (o.hostLockDir !== undefined) {
      try {
        ex.hostLock = acquireHostLock(o.hostLockDir, scope, o.journal.instanceId, o.journal.path);
      } catch (e) {
        o.journal.close();
        throw e;
      }
    }
    if (ex.quarantined && o.journal.getMeta('quarantineAlerted') === undefined) {
      ex.alert(
        'critical',
        'JOURNAL_QUARANTINED',
        `the journal was corrupt and moved to ${o.journal.getMeta('quarantinedFrom')}; every venue position is adopted as external`,
      );
      o.journal.setMeta('quarantineAlerted', String(o.clock.now()));
    }
    for (const f of o.journal.fills()) ex.ledger.apply(f);
    ex.recoverJournal();
    await ex.initialise();
    ex.schedulePeriodic();
    return ex;
  }

  /**
   * Markets, permissions, then the first reconciliation. A venue that cannot be read leaves the
   * executor not ready (every submit denied) and the attempt is repeated; it never throws.
   */
  private async initialise(): Promise<void> {
    try {
      if (this.markets.size === 0) await this.loadMarkets();
      await this.checkPermissions();
      await this.reconcileNow();
    } catch (e) {
      if (!this.alive()) return;
      if (e instanceof AuthError) this.onAuth(e);
      this.alert(
        'warning',
        'START_INCOMPLETE',
        `start-up could not read the venue, retrying: ${describeError(e)}`,
      );
    }
    if (!this.reconciledOnce && this.alive() && !this.gate.authBroken)
      this.after(5_000, () => void this.initialise());
  }

  // ---- public API ---------------------------------------------------------------------------

  /** True once a reconciliation succeeded since start: before that, nothing may trade. */
  get ready(): boolean {
    return this.reconciledOnce && !this.dead && !this.stopped;
  }

  get isDead(): boolean {
    return this.dead;
  }

  /** Requests whose outcome is not known yet. */
  unresolved(): RequestRecord[] {
    return this.journal.nonTerminal().filter((r) => r.status === 'UNKNOWN' || r.status === 'SUBMITTING');
  }

  /** True when nothing is waiting, in flight or unknown. */
  isIdle(): boolean {
    return this.batcher.size === 0 && this.journal.nonTerminal().length === 0;
  }

  async submit(intent: Intent): Promise<SubmitResult> {
    const deny = (reason: DenialReason, message: string): SubmitResult => {
      this.emit({ type: 'intentDenied', intent, reason, message });
      return { status: 'denied', reason, message };
    };
    if (this.dead || this.stopped || this.draining)
      return deny(DenialReason.TRADING_HALTED, 'the executor is stopping');
    const existing = this.journal.byIntent(intent.intentId).filter((r) => r.status !== 'NOT_SENT');
    if (existing.length > 0) {
      this.emit({ type: 'intentDuplicate', intentId: intent.intentId });
      return { status: 'duplicate', clientRequestIds: existing.map((r) => r.clientRequestId) };
    }
    if (!this.reconciledOnce)
      return deny(DenialReason.NOT_RECONCILED, 'start-up reconciliation has not finished');
    if (intent.kind === 'closeAll') {
      await this.closeAll(intent.intentId, intent.strategyId);
      return { status: 'accepted', clientRequestIds: [] };
    }
    if (intent.kind === 'setTpSl')
      return deny(DenialReason.UNSUPPORTED, 'TP/SL intents are not handled by the executor yet');
    const spec = this.markets.get(intent.symbol);
    if (spec === undefined) return deny(DenialReason.UNSUPPORTED, `unknown market ${intent.symbol}`);
    // Synchronous from here to the journal insert: no await may split the checks from the write.
    const queued = this.pendingIntents.get(intent.intentId);
    if (queued !== undefined) {
      this.emit({ type: 'intentDuplicate', intentId: intent.intentId });
      return { status: 'duplicate', clientRequestIds: [queued] };
    }
    if (this.journal.byIntent(intent.intentId).some((r) => r.status !== 'NOT_SENT')) {
      this.emit({ type: 'intentDuplicate', intentId: intent.intentId });
      return {
        status: 'duplicate',
        clientRequestIds: this.journal.byIntent(intent.intentId).map((r) => r.clientRequestId),
      };
    }
    const denial = this.gate.check(intent, this.exposureView());
    if (denial !== undefined) return deny(denial.reason, denial.message);
    const built = buildRequest(this, intent, spec);
    if (!('clientRequestId' in built)) return deny(built.reason, built.message);
    this.index.update(built);
    this.pendingIntents.set(intent.intentId, built.clientRequestId);
    return new Promise<SubmitResult>((resolve) => {
      this.insertQueue.push({ record: built, intent, resolve });
      if (this.insertQueue.length === 1) queueMicrotask(() => this.commitInserts());
    });
  }

  /**
   * Group commit: every intent accepted in the same turn of the event loop is journaled in one
   * transaction (one fsync), before any of them can reach the batcher, let alone the network.
   */
  private commitInserts(): void {
    const batch = this.insertQueue;
    this.insertQueue = [];
    for (const b of batch) this.pendingIntents.delete(b.intent.intentId);
    const refuse = (reason: DenialReason, message: string): void => {
      for (const b of batch) {
        this.index.update({ ...b.record, status: 'NOT_SENT' });
        this.emit({ type: 'intentDenied', intent: b.intent, reason, message });
        b.resolve({ status: 'denied', reason, message });
      }
    };
    if (!this.alive()) {
      refuse(DenialReason.TRADING_HALTED, 'the executor stopped before the intent was journaled');
      return;
    }
    try {
      this.journal.insertRequests(batch.map((b) => b.record));
    } catch (e) {
      this.onJournalFailure(e);
      refuse(DenialReason.JOURNAL_FAILED, describeError(e));
      return;
    }
    for (const b of batch) {
      const id = b.record.clientRequestId;
      this.emit({ type: 'intentAccepted', intentId: b.intent.intentId, clientRequestIds: [id] });
      this.batcher.add(b.record.kind, id);
      b.resolve({ status: 'accepted', clientRequestIds: [id] });
    }
  }

  /**
   * The kill switch: latches HALTED in the journal (new exposure refused until `resume`), and
   * with `closeAll` closes every position with close-all-positions. Bind it to SIGUSR2.
   */
  async halt(o: { reason?: string; closeAll?: boolean } = {}): Promise<void> {
    this.gate.halt(o.reason ?? 'kill switch');
    if (o.closeAll ?? this.gate.closeAllOnHalt)
      await this.closeAll(`in_killswitch_${this.clock.now()}` as IntentId, null);
  }

  resume(): void {
    this.gate.resume();
  }

  /**
   * What SIGUSR2 does (the kernel binds it: `process.on('SIGUSR2', () => void ex.onHaltSignal())`):
   * halt, and close everything when configured or when `perpflow halt --close-all` asked for it.
   */
  async onHaltSignal(): Promise<void> {
    const requested = this.journal.getMeta(CLOSE_ALL_REQUESTED) !== undefined;
    if (requested) this.journal.deleteMeta(CLOSE_ALL_REQUESTED);
    this.alert('critical', 'HALT_SIGNAL', `halt requested${requested ? ' with close-all' : ''}`);
    await this.halt({
      reason:
        this.gate.state === 'halted' ? (this.gate.stateReason ?? 'halt signal') : 'halt signal (SIGUSR2)',
      closeAll: requested || this.gate.closeAllOnHalt,
    });
  }

  /** Reconciles now (or joins the one running) against GET /v1/positions/all. */
  reconcileNow(): Promise<ReconcileResult> {
    if (this.reconciling !== undefined) return this.reconciling;
    const run = reconcile(this)
      .then((res) => {
        if (res.ok) {
          this.reconciledOnce = true;
          this.emit({ type: 'reconciled', at: this.clock.now(), unresolved: this.unresolved().length });
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
   * stops and the lease is released.
   */
  async stop(o: { drainMs?: number } = {}): Promise<void> {
    if (this.stopped || this.dead || this.draining) return;
    this.draining = true;
    const unsent = this.batcher.drain();
    if (unsent.length > 0) this.move(unsent.map((id) => ({ id, to: 'NOT_SENT' as const, note: 'shutdown' })));
    const until = this.clock.now() + (o.drainMs ?? 0);
    while (
      this.alive() &&
      this.journal.nonTerminal().some((r) => r.status !== 'UNKNOWN') &&
      this.clock.now() < until
    )
      await this.clock.sleep(Math.min(50, until - this.clock.now()));
    if (this.dead) return;
    this.commitOutcomes();
    const inFlight = this.journal.nonTerminal().filter((r) => r.status === 'SUBMITTING');
    if (inFlight.length > 0)
      this.move(
        inFlight.map((r) => ({
          id: r.clientRequestId,
          to: 'UNKNOWN' as const,
          note: 'shutdown with the answer outstanding',
        })),
      );
    this.stopped = true;
    this.clearTimers();
    this.journal.close();
    this.hostLock?.release();
  }

  // ---- internals used by reconcile.ts -------------------------------------------------------

  alive(): boolean {
    return !this.dead && !this.stopped;
  }

  emit(e: ExecutionEvent): void {
    this.events$.next(e);
  }

  alert(severity: 'info' | 'warning' | 'critical', code: string, message: string): void {
    this.emit({ type: 'alert', severity, code, message });
  }

  feeRates(symbol: string): FeeRates {
    const m = this.markets.get(symbol);
    return {
      open: PLATFORM_FEE.plus(m?.hedgerFeeOpen ?? ZERO),
      close: PLATFORM_FEE.plus(m?.hedgerFeeClose ?? ZERO),
    };
  }

  /** Every status change goes through here: journal (transition table), index, event. */
  move(changes: readonly RequestChange[]): RequestRecord[] {
    if (changes.length === 0) return [];
    const before = changes.map((c) => this.journal.get(c.id)?.status);
    let out: RequestRecord[];
    try {
      out = this.journal.transitionMany(changes.map((c) => ({ ...c })));
    } catch (e) {
      if (e instanceof JournalError) this.onJournalFailure(e);
      throw e;
    }
    out.forEach((r, i) => {
      this.index.update(r);
      if (isTerminal(r.status)) this.tracker.untrack(r.clientRequestId);
      this.emit({
        type: 'requestTransition',
        clientRequestId: r.clientRequestId,
        from: before[i] as RequestStatus,
        to: r.status,
        record: r,
      });
    });
    return out;
  }

  /** Journals the fill (exactly once) and then applies it to the ledger. */
  applyFill(fill: Fill): boolean {
    if (this.ledger.hasApplied(fill.fillId)) return false;
    const fresh = this.journal.recordFill(fill);
    this.ledger.apply(fill);
    if (fresh) this.emit({ type: 'fillApplied', fill });
    this.checkLosses();
    return fresh;
  }

  markUnknown(records: readonly RequestRecord[], why: string): void {
    const changes = records
      .filter((r) => r.status === 'SUBMITTING' || r.status === 'ACCEPTED')
      .map((r) => ({ id: r.clientRequestId, to: 'UNKNOWN' as const, note: why }));
    if (changes.length === 0) return;
    this.move(changes);
    for (let i = 0; i < changes.length; i++) this.gate.noteUnknownOutcome();
    this.alert('warning', 'OUTCOME_UNKNOWN', `${changes.length} request(s) with unknown outcome: ${why}`);
    this.soonReconcile();
  }

  /** Applies a status report from a poll or from reconciliation. */
  applyReport(r: RequestRecord, rep: RequestStatusReport, terminal: boolean, immediate = false): void {
    if (!this.alive()) return;
    const cur = this.journal.get(r.clientRequestId);
    if (cur === undefined || isTerminal(cur.status) || this.outcomes.has(cur.clientRequestId)) return;
    if (!terminal) {
      // Non-terminal venue statuses are not journaled: recovery needs only the tempId.
      if (cur.status === 'UNKNOWN')
        this.move([{ id: cur.clientRequestId, to: 'ACCEPTED', note: 'status poll answered' }]);
      return;
    }
    const to = requestOutcome(cur, rep.status, rep.filledQuantity);
    const fill =
      to === 'FILLED' ? reportFill(cur, rep, this.feeRates(cur.symbol), this.clock.now()) : undefined;
    const patch: RequestPatch = {
      venueStatus: rep.status,
      filledQuantity: rep.filledQuantity,
      ...(rep.avgPrice === null ? {} : { avgPrice: rep.avgPrice }),
      ...(cur.kind === 'open' && rep.quoteId !== null ? { quoteId: rep.quoteId } : {}),
      ...(rep.errorCode === undefined ? {} : { errorCode: rep.errorCode }),
      ...(rep.reason === undefined ? {} : { reason: rep.reason }),
    };
    this.tracker.untrack(cur.clientRequestId);
    this.outcomes.set(cur.clientRequestId, {
      change: { id: cur.clientRequestId, to, patch },
      ...(fill ? { fill } : {}),
      liquidated: cur.kind === 'close' && rep.status === 'LIQUIDATED',
    });
    if (immediate) this.commitOutcomes();
    else if (!this.outcomeCommitScheduled) {
      // Group commit: outcomes that arrive within one timer tick share one transaction (one fsync).
      this.outcomeCommitScheduled = true;
      this.after(0, () => this.commitOutcomes());
    }
  }

  private commitOutcomes(): void {
    this.outcomeCommitScheduled = false;
    const items = [...this.outcomes.values()];
    this.outcomes.clear();
    const valid = items.filter((i) => {
      const cur = this.journal.get(i.change.id);
      return cur !== undefined && canTransition(cur.status, i.change.to);
    });
    if (valid.length === 0 || !this.alive()) return;
    try {
      this.journal.write('apply outcomes', () => {
        this.move(valid.map((i) => i.change));
        for (const i of valid) if (i.fill !== undefined) this.applyFill(i.fill);
      });
    } catch (e) {
      if (e instanceof JournalError) this.onJournalFailure(e);
      else throw e;
      return;
    }
    if (valid.some((i) => i.liquidated)) this.soonReconcile();
  }

  /** Symbols of the tradable markets in the catalog. */
  marketSymbols(): string[] {
    return [...this.markets.values()].filter((m) => m.isValid).map((m) => m.symbol as string);
  }

  /** Markets by symbol (loaded at start). */
  marketSpec(symbol: string): MarketSpec | undefined {
    return this.markets.get(symbol);
  }

  haltFor(capability: Capability, why: string): void {
    this.gate.haltCapability(capability, why);
  }

  // ---- internals ----------------------------------------------------------------------------

  private crashAt(point: CrashPoint): void {
    if (this.dead) throw new Error('dead executor');
    try {
      this.crashHook(point);
    } catch (e) {
      this.die();
      throw e;
    }
  }

  /** What a killed process does: nothing more. Timers stop, the journal handle is dropped. */
  private die(): void {
    this.dead = true;
    this.clearTimers();
    this.batcher.drain();
    this.tracker.stopAll();
    this.journal.abandon();
  }

  private clearTimers(): void {
    for (const t of this.timers) this.clock.clearTimeout(t);
    this.timers.clear();
    this.tracker.stopAll();
    this.batcher.drain();
  }

  private after(ms: number, fn: () => void): void {
    const h = this.clock.setTimeout(() => {
      this.timers.delete(h);
      if (this.alive()) fn();
    }, ms);
    this.timers.add(h);
  }

  private soonReconcile(): void {
    this.after(this.options.reconcile.convergenceMs, () => void this.reconcileNow());
  }

  private schedulePeriodic(): void {
    this.after(this.options.reconcile.intervalMs, () => {
      if (this.journal.getMeta(CLOSE_ALL_REQUESTED) !== undefined) void this.onHaltSignal();
      void this.reconcileNow().finally(() => {
        try {
          this.journal.heartbeat();
        } catch {
          // a failed heartbeat write is a journal failure: the gate already fails closed
        }
        if (this.alive()) this.schedulePeriodic();
      });
    });
  }

  private recoverJournal(): void {
    const open = this.journal.nonTerminal();
    const notSent = open.filter((r) => r.status === 'CREATED');
    const unsure = open.filter((r) => r.status === 'SUBMITTING');
    this.move([
      ...notSent.map((r) => ({
        id: r.clientRequestId,
        to: 'NOT_SENT' as const,
        note: 'restart: never sent',
      })),
      ...unsure.map((r) => ({
        id: r.clientRequestId,
        to: 'UNKNOWN' as const,
        note: 'restart: outcome unknown',
      })),
    ]);
    for (const r of this.journal.nonTerminal()) {
      this.index.update(r);
      if (r.tempId !== undefined) this.tracker.track(r);
    }
  }

  private async loadMarkets(): Promise<void> {
    const list = await this.venue.markets();
    this.markets = new Map(list.map((m) => [m.symbol as string, m]));
  }

  private async checkPermissions(): Promise<void> {
    await checkPermissions(this.venue, this.gate, (severity, code, message) =>
      this.alert(severity, code, message),
    );
  }

  /**
   * Daily loss (realised today + unrealised − fees today) after every fill; drawdown when the
   * venue's equity is known (each reconciliation reads the balance).
   */
  checkLosses(equity?: Decimal): void {
    if (!this.gate.hasLossLimits) return;
    const dayStart = Math.floor(this.clock.now() / 86_400_000) * 86_400_000;
    const daily = this.ledger
      .realisedSince(dayStart)
      .plus(this.ledger.summary().unrealised)
      .minus(this.ledger.feesSince(dayStart));
    try {
      this.gate.checkLosses(daily, equity);
    } catch {
      // a journal failure is already latched and stops sending
    }
  }

  /** Sends one flushed group: SUBMITTING is committed first, then exactly one call. */
  private async flush(kind: RequestKind, ids: readonly ClientRequestId[]): Promise<void> {
    if (!this.alive()) return;
    let records: RequestRecord[];
    try {
      this.crashAt('beforeJournalCommit');
      const now = this.clock.now();
      records = this.move(ids.map((id) => ({ id, to: 'SUBMITTING' as const, patch: { submittedAt: now } })));
      this.crashAt('afterCommitBeforeSend');
    } catch (e) {
      if (this.alive()) this.onJournalFailure(e);
      return;
    }
    this.submitCalls++;
    let ack: SubmitAck | BatchAck | undefined;
    let failure: unknown;
    try {
      ack = await sendRequests(this.venue, kind, records);
    } catch (e) {
      failure = e;
    }
    if (!this.alive()) return;
    try {
      this.crashAt('afterSendBefore201');
      if (ack !== undefined) this.crashAt('after201BeforeTempId');
    } catch {
      return;
    }
    if (ack === undefined) {
      applySubmitError(this.answerHost(), records, failure);
      return;
    }
    try {
      applyAck(this.answerHost(), records, ack);
    } catch (e) {
      if (e instanceof JournalError) return;
      throw e;
    }
  }

  private answerHost(): AnswerHost {
    return {
      move: (c) => this.move(c),
      markUnknown: (rs, why) => this.markUnknown(rs, why),
      track: (r) => this.tracker.track(r),
      current: (id) => this.journal.get(id) as RequestRecord,
      rejectCodes: this.rejectCodes,
      gate: this.gate,
    };
  }

  exposureView(): ExposureView {
    return createExposureView(this.ledger, this.index);
  }

  /**
   * close-all-positions answers one item per OPENED position in the venue's list order, so the
   * list is read first and one close request per row is journaled before the call.
   */
  private async closeAll(intentId: IntentId, strategyId: StrategyId | null): Promise<void> {
    if (this.gate.capabilityHalted('close') !== undefined || !this.alive()) return;
    if (this.journal.byIntent(intentId).length > 0) return; // the same kill switch twice in one millisecond
    let rows: readonly Position[];
    try {
      rows = (await this.venue.positions()).filter((p) => p.status === 'OPENED' && p.quoteId !== null);
    } catch (e) {
      this.alert('critical', 'CLOSE_ALL_FAILED', `cannot read positions for close-all: ${describeError(e)}`);
      return;
    }
    if (!this.alive() || rows.length === 0) return;
    const now = this.clock.now();
    const records = closeAllRecords(rows, intentId, strategyId, this.ledger, now);
    try {
      this.journal.insertRequests(records);
      for (const r of records) this.index.update(r);
      this.move(
        records.map((r) => ({
          id: r.clientRequestId,
          to: 'SUBMITTING' as const,
          patch: { submittedAt: now },
        })),
      );
    } catch (e) {
      this.onJournalFailure(e);
      return;
    }
    this.submitCalls++;
    let ack: BatchAck;
    try {
      ack = await this.venue.closeAll();
    } catch (e) {
      if (this.alive()) applySubmitError(this.answerHost(), records, e);
      return;
    }
    if (!this.alive()) return;
    if (ack.results.length !== records.length) {
      this.markUnknown(
        records.map((r) => this.journal.get(r.clientRequestId) as RequestRecord),
        'close-all answered a different number of items than positions read',
      );
      return;
    }
    applyAck(this.answerHost(), records, ack);
  }

  private onAuth(e: AuthError): void {
    this.gate.authFailure(describeError(e));
  }

  private onPermission(cap: Capability, e: PermissionError): void {
    this.gate.haltCapability(cap, describeError(e));
  }

  private onJournalFailure(e: unknown): void {
    if (!(e instanceof JournalError)) return;
    // Fail closed: nothing more is sent; the gate denies everything while the journal is broken.
    this.batcher.drain();
    this.alert('critical', 'JOURNAL_FAILED', `journal write failed, sending stopped: ${describeError(e)}`);
    this.gate.halt('journal write failed');
  }

  /** Test and report helper: requests of one intent. */
  requestsOf(intentId: IntentId): RequestRecord[] {
    return this.journal.byIntent(intentId);
  }

  /** Account exposure per symbol:side from the ledger. */
  exposure(): Map<string, Decimal> {
    return this.ledger.exposure();
  }

  /** Fills recorded in the journal (for invariant checks). */
  fills(): Fill[] {
    return this.journal.fills();
  }

  get fillCount(): number {
    return this.journal.fills().length;
  }

  /** Applies a fill built from a reconciled request (positions list). */
  fillFromPosition(r: RequestRecord, quoteId: string | null, quantity: Decimal, price: Decimal): void {
    const f = fillOf(r, quoteId, quantity, price, this.feeRates(r.symbol), this.clock.now());
    if (f !== undefined) this.applyFill(f);
  }
}
