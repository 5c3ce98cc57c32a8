import type { Subject } from 'rxjs';
import type { Clock, TimerHandle } from '../clock/Clock.ts';
import type { Fill } from '../domain/fill.ts';
import type { ClientRequestId, IntentId } from '../domain/ids.ts';
import type { MarketSpec } from '../domain/market.ts';
import type { Decimal } from '../domain/money.ts';
import type { RecordKind, RequestRecord } from '../domain/request.ts';
import { isTerminal } from '../domain/requestStatus.ts';
import { JournalError } from '../errors/JournalError.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import { describeError } from '../log/redact.ts';
import { noteOutput, secretTap } from '../log/secretTap.ts';
import type { RiskGate } from '../risk/RiskGate.ts';
import type { Capability } from '../risk/tradingState.ts';
import type { RequestStatusReport, VenuePort } from '../venue/VenuePort.ts';
import type { RequestWatch } from '../venue/VenueReport.ts';
import { Batcher } from './Batcher.ts';
import type { CrashHook, CrashPoint } from './crash.ts';
import { dailyLossClear } from './dailyLossClear.ts';
import type { AlertSeverity, ExecutionEvent } from './events.ts';
import { ExposureIndex } from './exposureIndex.ts';
import { feeRatesOf } from './feeRates.ts';
import type { ExecutionOptions } from './options.ts';
import { fillOf } from './outcome.ts';
import { PositionLedger } from './PositionLedger.ts';
import { RequestBook, type RequestBookHost } from './RequestBook.ts';
import type { ReconcileHost } from './reconcileHost.ts';
import { reportOutcome } from './reportOutcome.ts';
import type { RequestChange } from './requestChange.ts';
import { followMoves, routeTpSl, type TpSlRouteHost } from './routeTpSl.ts';
import { type SendHost, sendGroup } from './send.ts';
import { TpSlBook } from './TpSlBook.ts';
import { watchFor } from './venueReports.ts';

export interface CoreParts {
  readonly venue: VenuePort;
  readonly journal: JournalPort;
  readonly clock: Clock;
  readonly options: ExecutionOptions;
  readonly events$: Subject<ExecutionEvent>;
  readonly makeGate: (emit: (e: ExecutionEvent) => void) => RiskGate;
  readonly crash: CrashHook;
  readonly rejectCodes: ReadonlySet<string>;
  readonly onEnd: (how: 'stopped' | 'died') => void;
  /** The executor's own reconcile (joined when one runs), for the convergence re-reconcile. */
  readonly reconcileNow: () => unknown;
}

/**
 * The executor's state and write paths, shared by the helpers through narrow hosts (it is the
 * ReconcileHost, SendHost and RequestBookHost): status moves, fills, outcomes, unknowns, its
 * own request-life timers and the fail-closed reaction to a journal failure. Not exported from
 * the package surface: `Executor` is.
 */
export class ExecutionCore implements ReconcileHost, SendHost, RequestBookHost, TpSlRouteHost {
  readonly venue: VenuePort;
  readonly journal: JournalPort;
  readonly clock: Clock;
  readonly options: ExecutionOptions['reconcile'];
  readonly gate: RiskGate;
  readonly ledger = new PositionLedger();
  readonly index = new ExposureIndex();
  readonly mismatchSince = new Map<string, number>();
  readonly rejectCodes: ReadonlySet<string>;
  /** The venue adapter's watch over accepted requests: it pushes their reports here. */
  readonly tracker: RequestWatch;
  readonly batcher: Batcher<RecordKind, ClientRequestId>;
  readonly tpsl: TpSlBook;
  readonly book: RequestBook;
  markets = new Map<string, MarketSpec>();
  dead = false;
  stopped = false;
  private readonly p: CoreParts;
  private readonly timers = new Set<TimerHandle>();

  constructor(p: CoreParts) {
    this.p = p;
    this.venue = p.venue;
    this.journal = p.journal;
    this.clock = p.clock;
    this.options = p.options.reconcile;
    this.rejectCodes = p.rejectCodes;
    this.gate = p.makeGate((e) => this.emit(e));
    this.tpsl = TpSlBook.fromJournal(p.journal.all());
    const { batchWindowMs, maxBatchSize } = p.options;
    this.batcher = new Batcher(p.clock, batchWindowMs, maxBatchSize, (kind, ids) => {
      void sendGroup(this, kind, ids);
    });
    this.book = new RequestBook(this);
    this.tracker = watchFor(this, p.options.poll, p.clock);
  }

  alive(): boolean {
    return !this.dead && !this.stopped;
  }

  /** What an orderly stop waits for: requests in flight; not unknowns, nor a TP/SL held for its open. */
  drainBusy(): boolean {
    return this.journal
      .nonTerminal()
      .some((r) => r.status !== 'UNKNOWN' && (r.status !== 'CREATED' || r.kind !== 'setTpSl'));
  }

  emit(e: ExecutionEvent): void {
    if (secretTap.enabled) noteOutput('event', JSON.stringify(e));
    this.p.events$.next(e);
  }

  alert(severity: AlertSeverity, code: string, message: string): void {
    this.emit({ type: 'alert', severity, code, message });
  }

  haltFor(capability: Capability, why: string): void {
    this.gate.haltCapability(capability, why);
  }

  marketSymbols(): string[] {
    return [...this.markets.values()].filter((m) => m.isValid).map((m) => m.symbol as string);
  }

  move(changes: readonly RequestChange[]): RequestRecord[] {
    return this.book.move(changes);
  }

  current(id: ClientRequestId): RequestRecord {
    return this.journal.get(id) as RequestRecord;
  }

  track(r: RequestRecord): void {
    this.tracker.watch(r);
  }

  untrack(id: ClientRequestId): void {
    this.tracker.unwatch(id);
  }

  send(kind: RecordKind, id: ClientRequestId): void {
    if (kind === 'setTpSl') routeTpSl(this, id);
    else this.batcher.add(kind, id);
  }

  /** The open accepted this turn but not journaled yet, for a TP/SL that refers to it. */
  queuedFor(intentId: IntentId): ClientRequestId | undefined {
    return this.book.queuedFor(intentId);
  }

  afterMove(records: readonly RequestRecord[]): void {
    followMoves(this, records);
  }

  nextTick(fn: () => void): void {
    this.after(0, fn);
  }

  onLiquidation(): void {
    this.soonReconcile();
  }

  /** The price feed crossed a TP/SL leg: the venue fires it, reconcile to book the close. */
  onTpSlCrossed(): void {
    this.soonReconcile();
  }

  /**
   * Journals the fill (exactly once) and then applies it to the ledger. The journal's answer is
   * the one dedupe: the ledger holds exactly the journal's fills (rebuilt from them at start).
   */
  applyFill(fill: Fill): boolean {
    if (!this.journal.recordFill(fill)) return false;
    this.ledger.applyFresh(fill);
    this.emit({ type: 'fillApplied', fill });
    this.checkLosses();
    return true;
  }

  fillFromPosition(r: RequestRecord, quoteId: string | null, quantity: Decimal, price: Decimal): void {
    const fees = feeRatesOf(this.markets.get(r.symbol));
    const f = fillOf(r, quoteId, quantity, price, fees, this.clock.now());
    if (f !== undefined) this.applyFill(f);
  }

  /** Applies a status report from a poll or from reconciliation. */
  applyReport(r: RequestRecord, rep: RequestStatusReport, terminal: boolean, immediate = false): void {
    if (!this.alive()) return;
    const cur = this.journal.get(r.clientRequestId);
    if (cur === undefined || isTerminal(cur.status) || this.book.hasOutcome(cur.clientRequestId)) return;
    if (!terminal) {
      // Non-terminal venue statuses are not journaled: recovery needs only the tempId.
      if (cur.status === 'UNKNOWN')
        this.move([{ id: cur.clientRequestId, to: 'ACCEPTED', note: 'status poll answered' }]);
      return;
    }
    const outcome = reportOutcome(cur, rep, feeRatesOf(this.markets.get(cur.symbol)), this.clock.now());
    this.tracker.unwatch(cur.clientRequestId);
    this.book.addOutcome(outcome, immediate);
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

  /**
   * Daily loss (realised today + unrealised − fees today) after every fill; drawdown when the
   * venue's equity is known (each reconciliation reads the balance).
   */
  checkLosses(equity?: Decimal): void {
    if (!this.gate.hasLossLimits) return;
    const dayStart = Math.floor(this.clock.now() / 86_400_000) * 86_400_000;
    if (equity === undefined) {
      // Without the equity only the daily loss is checked: skipped when floats show it far inside.
      const limit = this.gate.dailyLossLimit;
      if (limit === undefined || dailyLossClear(this.ledger, dayStart, limit)) return;
    }
    const daily = this.ledger
      .realisedSince(dayStart)
      .plus(this.ledger.unrealisedTotal())
      .minus(this.ledger.feesSince(dayStart));
    try {
      this.gate.checkLosses(daily, equity);
    } catch {
      // a journal failure is already latched and stops sending
    }
  }

  crashAt(point: CrashPoint): void {
    if (this.dead) throw new Error('dead executor');
    try {
      this.p.crash(point);
    } catch (e) {
      this.die();
      throw e;
    }
  }

  /** What a killed process does: nothing more. Timers stop, the journal handle is dropped. */
  private die(): void {
    this.dead = true;
    this.clearTimers();
    this.journal.abandon();
    this.p.onEnd('died');
  }

  /** After an orderly stop: timers and polls end, and the owner's teardown runs. */
  end(): void {
    this.stopped = true;
    this.clearTimers();
    this.p.onEnd('stopped');
  }

  private clearTimers(): void {
    for (const t of this.timers) this.clock.clearTimeout(t);
    this.timers.clear();
    this.tracker.stopAll();
    this.batcher.drain();
  }

  /** A timer of one request's life (or of start-up), cleared on stop and on death. */
  after(ms: number, fn: () => void): void {
    const h = this.clock.setTimeout(() => {
      this.timers.delete(h);
      if (this.alive()) fn();
    }, ms);
    this.timers.add(h);
  }

  /** The convergence re-reconcile after an unknown outcome or a liquidation. */
  private soonReconcile(): void {
    this.after(this.options.convergenceMs, () => void this.p.reconcileNow());
  }

  onJournalFailure(e: unknown): void {
    if (!(e instanceof JournalError)) return;
    // Fail closed: nothing more is sent; the gate denies everything while the journal is broken.
    this.batcher.drain();
    this.alert('critical', 'JOURNAL_FAILED', `journal write failed, sending stopped: ${describeError(e)}`);
    this.gate.halt('journal write failed');
  }
}
