import { Subject } from 'rxjs';
import type { Clock } from '../clock/Clock.ts';
import type { ExecutionEvent } from '../execution/events.ts';
import type { Logger } from '../log/Logger.ts';
import { describeError } from '../log/redact.ts';
import { type Metrics, setRiskState } from '../report/metrics/createMetrics.ts';
import type { Notification } from '../report/notify/Notification.ts';
import type { StrategyEvent } from '../strategy/runnerEvents.ts';
import { RequestEnds, type UnrequestedEnd } from './requestEnds.ts';

export interface RecentEvent {
  readonly at: number;
  readonly level: 'info' | 'warning' | 'critical';
  readonly text: string;
}

/** A recent event whose text is formatted the first time it is read, then kept. */
class LazyEvent implements RecentEvent {
  readonly at: number;
  readonly level: RecentEvent['level'];
  private made: string | undefined;
  private readonly make: () => string;
  constructor(at: number, level: RecentEvent['level'], make: () => string) {
    this.at = at;
    this.level = level;
    this.make = make;
  }
  get text(): string {
    if (this.made === undefined) this.made = this.make();
    return this.made;
  }
}

/**
 * Turns what the executor and the strategies report into what an operator sees: one log line
 * per event that matters, Prometheus counters, webhook notifications, and the recent-events list
 * of the terminal view. It only listens: nothing here can slow or stop trading.
 */
export class EventReporter {
  readonly recent: RecentEvent[] = [];
  /** Requests that ended without being asked to, and the positions a refused TP/SL left bare. */
  readonly ends = new RequestEnds();
  /** Every request that ended without being asked to, as it is reported (a backtest's summary names them). */
  readonly unrequestedEnds$ = new Subject<UnrequestedEnd>();
  private readonly o: {
    readonly log: Logger;
    readonly clock: Clock;
    readonly metrics: Metrics;
    /** Absent when no notifier is configured. */
    readonly notify: ((n: Notification) => void) | undefined;
  };

  /** Set once the graceful stop began: an open filled after it was in flight before it. */
  private stopped = false;

  constructor(o: EventReporter['o']) {
    this.o = o;
  }

  /** The stop began: no new intent is sent from now on (Kernel.stop). */
  stopBegan(): void {
    this.stopped = true;
  }

  /**
   * One event for the operator. Its text and notification are built only when something reads
   * them (the terminal view, a log level that is on, a notifier): a backtest has none of these,
   * and formatting a fill's amounts was a third of its report's cost in a backtest's profile.
   */
  private note(
    level: RecentEvent['level'],
    text: () => string,
    notify?: () => Omit<Notification, 'at' | 'severity'>,
  ): void {
    const at = this.o.clock.now();
    const event = new LazyEvent(at, level, text);
    this.recent.push(event);
    if (this.recent.length > 50) this.recent.shift();
    const log = this.o.log;
    if (level === 'critical') {
      if (log.enabled('error')) log.error(event.text);
    } else if (level === 'warning') {
      if (log.enabled('warn')) log.warn(event.text);
    } else if (log.enabled('info')) log.info(event.text);
    if (notify !== undefined && this.o.notify !== undefined)
      this.o.notify({ ...notify(), severity: level, at });
  }

  onExecution(e: ExecutionEvent): void {
    const m = this.o.metrics;
    switch (e.type) {
      case 'intentDenied': {
        const s = e.intent.strategyId;
        m.denials.inc({ strategy: s, reason: e.reason });
        const what = `${e.intent.kind}${'symbol' in e.intent ? ` ${e.intent.symbol}` : ''}`;
        this.note(
          'warning',
          () => `denied ${s} ${what}: ${e.reason} (${e.message})`,
          () => ({ kind: 'denial', title: `Intent denied: ${e.reason}`, lines: [`${s} ${what}`, e.message] }),
        );
        return;
      }
      case 'requestTransition': {
        const r = e.record;
        m.requestCounts.inc(r.kind, e.to);
        const end = this.ends.onTransition(r, e.to, this.o.clock.now());
        if (end !== undefined) {
          this.unrequestedEnd(end);
          return;
        }
        if (e.to === 'UNKNOWN')
          this.note(
            'critical',
            () => `outcome unknown: ${r.kind} ${r.symbol} (${r.clientRequestId}); settling from positions`,
            () => ({
              kind: 'unknownOutcome',
              title: 'Outcome unknown',
              lines: [`${r.strategyId} ${r.kind} ${r.symbol}`, 'settled by reconciliation, never resent'],
            }),
          );
        else if (this.o.log.enabled('debug'))
          this.o.log.debug(`${r.kind} ${r.symbol} ${e.from} → ${e.to}`, { request: r.clientRequestId });
        return;
      }
      case 'fillApplied': {
        const f = e.fill;
        m.fillCounts.inc(f.strategyId ?? 'external', f.symbol);
        const verb = f.effect === 'open' ? 'opened' : 'closed';
        // No open is sent after the stop began (a shutdown only closes): one filling now was already in flight.
        const late = this.stopped && f.effect === 'open' ? ' — in flight before stop' : '';
        this.note(
          'info',
          () =>
            `${verb} ${f.symbol} ${f.side} ${f.quantity.toString()} @ ${f.price.toString()} (${f.strategyId ?? 'external'}, fee ${f.fee.toFixed(4)})${late}`,
          () => ({
            kind: 'fill',
            title: `${f.symbol} ${f.side} ${verb}`,
            lines: [
              `${f.quantity.toString()} @ ${f.price.toString()}`,
              `strategy ${f.strategyId ?? 'external'}`,
            ],
          }),
        );
        return;
      }
      case 'externalPositionAdopted':
        this.note('warning', () => `external position adopted: ${e.symbol} ${e.side} ${e.quantity}`);
        return;
      case 'alert':
        m.alerts.inc({ severity: e.severity, code: e.code });
        this.note(
          e.severity,
          () => `${e.code}: ${e.message}`,
          () => ({ kind: e.code.startsWith('HALT') ? 'halt' : 'alert', title: e.code, lines: [e.message] }),
        );
        return;
      case 'tradingStateChanged':
        setRiskState(m, e.to);
        this.note(
          e.to === 'halted' ? 'critical' : 'warning',
          () => `trading ${e.from} → ${e.to}: ${e.reason}`,
          () => ({ kind: 'halt', title: `Trading ${e.to}`, lines: [e.reason] }),
        );
        return;
      case 'capabilityHalted':
        this.note(
          'critical',
          () => `${e.capability} halted: ${e.reason}`,
          () => ({ kind: 'halt', title: `${e.capability} halted`, lines: [e.reason] }),
        );
        return;
      default:
        return;
    }
  }

  /** No request ends in silence: a warning line, a metric, and a webhook for a refused TP/SL. */
  private unrequestedEnd(end: UnrequestedEnd): void {
    this.unrequestedEnds$.next(end);
    const r = end.record;
    const tpsl = r.kind === 'setTpSl';
    this.o.metrics.alerts.inc({ severity: 'warning', code: `REQUEST_${end.status}` });
    const text = `${r.strategyId} ${r.kind} ${r.symbol} ${end.status}: ${end.reason} (${r.clientRequestId})${tpsl ? '; the position is UNPROTECTED' : ''}`;
    this.note(
      'warning',
      () => text,
      tpsl
        ? () => ({
            kind: 'alert',
            title: `TP/SL ${end.status.toLowerCase()}: ${r.symbol} unprotected`,
            lines: [`${r.strategyId} ${r.symbol}`, end.reason],
          })
        : undefined,
    );
  }

  onStrategy(e: StrategyEvent): void {
    if (e.type === 'hookFailed')
      this.note(
        'warning',
        () => `strategy ${e.strategyId} ${e.hook}: ${e.failure}: ${describeError(e.error)}`,
      );
    else
      this.note(
        'critical',
        () => `strategy ${e.strategyId} paused after ${e.consecutiveFailures} failures in ${e.hook}`,
        () => ({
          kind: 'alert',
          title: `Strategy ${e.strategyId} paused`,
          lines: [`${e.consecutiveFailures} consecutive failures in ${e.hook}`],
        }),
      );
  }
}
