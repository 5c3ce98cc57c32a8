import { NEVER, Subject, type Subscription } from 'rxjs';
import type { PerpflowConfig } from '../config/schema.ts';
import { IntentId, MarketSymbol, StrategyId } from '../domain/ids.ts';
import type { Intent } from '../domain/intent.ts';
import type { IntentIdScheme } from '../domain/intentId.ts';
import type { PriceTick } from '../domain/tick.ts';
import { ConfigError } from '../errors/ConfigError.ts';
import { Executor, type SubmitResult } from '../execution/Executor.ts';
import { createEventBus } from '../execution/events.ts';
import { housekeepingJobs } from '../execution/housekeeping.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import { describeError } from '../log/redact.ts';
import type { MarketFeed } from '../market/MarketFeed.ts';
import { MarkPriceFeed } from '../market/MarkPriceFeed.ts';
import { slowRefresh } from '../market/slowRefresh.ts';
import { createMetrics, type Metrics } from '../report/metrics/createMetrics.ts';
import { riskOptionsFromConfig } from '../risk/limits.ts';
import { Scheduler } from '../scheduler/Scheduler.ts';
import { metaScheduleMemory } from '../scheduler/scheduleMemory.ts';
import type { StrategyEvent } from '../strategy/runnerEvents.ts';
import { dailySummary } from './dailySummary.ts';
import { EventReporter } from './eventReporter.ts';
import { ExecutorBook } from './executorBook.ts';
import { gaugeRefresher } from './gaugeRefresher.ts';
import { type IndicatorPoint, plotTo } from './indicatorPoint.ts';
import { jobEvents } from './jobEvents.ts';
import { journalStateStore } from './journalStateStore.ts';
import type { KernelOptions } from './KernelOptions.ts';
import { openKernelLease } from './openKernelLease.ts';
import { KernelActions, tapActions } from './operator/KernelActions.ts';
import { releaseLeaseLast } from './releaseLeaseLast.ts';
import { routeToStrategies } from './routeToStrategies.ts';
import { stageBudget } from './stageBudget.ts';
import { StrategyActivity } from './strategyActivity.ts';
import { StrategyStage } from './strategyStage.ts';
import { timedVenue } from './timedVenue.ts';
import { timeJournalCommits } from './timeJournalCommits.ts';
import { finalCheck } from './venueAgreement.ts';
import { waitUntilReady } from './waitUntilReady.ts';

export type { ExecutionEvent } from '../execution/events.ts';
export type { FundingInfo } from '../venue/VenuePort.ts';
export type { KernelOptions } from './KernelOptions.ts';

/**
 * One running bot: the composition every mode shares. Start-up order: journal and lease →
 * executor (recovery, permissions, first reconciliation; fail closed) → strategies (init) →
 * price stream, bars and schedules. The mode lives only in the edges it was given.
 */
export class Kernel {
  readonly config: PerpflowConfig;
  readonly executor: Executor<JournalPort>;
  readonly metrics: Metrics;
  readonly reporter: EventReporter;
  readonly feed: MarketFeed;
  readonly stage: StrategyStage;
  readonly startedAt: number;
  /** How this bot's intent ids are made: its journal's scheme (intentIdSchemeOf). */
  readonly intentIdScheme: IntentIdScheme;
  /** Every market a strategy trades: what the price feed polls. */
  readonly markets: readonly MarketSymbol[];
  private readonly o: KernelOptions;
  private readonly scheduler: Scheduler;
  private readonly book: ExecutorBook;
  private readonly accepted = new Map<string, number>();
  /** What each strategy did this run: one that did nothing is named at stop. */
  readonly activity: StrategyActivity;
  private readonly subs: Subscription[] = [];
  /** Every strategy event (a hook failed, a strategy paused), as the reporter hears them. */
  readonly strategyEvents$ = new Subject<StrategyEvent>();
  /** The operator's actions (CLI, API, console) and the strategies paused by them (journaled). */
  readonly operator: KernelActions;
  /** What strategies plot (`ctx.plot`), for the console's charts; built only while observed. */
  readonly indicators$ = new Subject<IndicatorPoint>();
  private stopping: Promise<void> | undefined;
  private readonly lease: { release(): void };

  private constructor(
    o: KernelOptions,
    parts: {
      executor: Executor<JournalPort>;
      scheduler: Scheduler;
      metrics: Metrics;
      reporter: EventReporter;
      activity: StrategyActivity;
      intentIdScheme: IntentIdScheme;
      lease: { release(): void };
    },
  ) {
    this.o = o;
    this.config = o.loaded.config;
    this.executor = parts.executor;
    this.scheduler = parts.scheduler;
    this.metrics = parts.metrics;
    this.reporter = parts.reporter;
    this.startedAt = o.clock.now();
    this.intentIdScheme = parts.intentIdScheme;
    this.lease = parts.lease;
    const config = this.config;
    this.markets = [...new Set(config.strategies.flatMap((s) => s.markets))].map(MarketSymbol);
    this.feed =
      o.edges.market ??
      new MarkPriceFeed({
        venue: o.edges.prices,
        clock: o.clock,
        intervalMs: config.market.pollIntervalMs,
        staleAfterMs: config.market.staleAfterMs,
        onError: (e) => {
          this.metrics.priceReads.inc({ outcome: 'failed' });
          o.log.warn(`price poll failed: ${describeError(e)}`);
        },
      });
    const feed = this.feed;
    this.book = new ExecutorBook(parts.executor);
    this.activity = parts.activity;
    const strategyIds = config.strategies.map((s) => s.id);
    this.operator = new KernelActions({ executor: parts.executor, strategyIds, log: o.log });
    tapActions(this.operator, o.tap);
    for (const e of config.strategies) {
      const strategy = o.loaded.strategies.get(e.id);
      if (strategy !== undefined && e.enabled) this.activity.add(e.id, strategy, e.markets);
    }
    this.stage = new StrategyStage({
      entries: config.strategies,
      modules: o.loaded.strategies,
      clock: o.clock,
      scheduler: parts.scheduler,
      ticks: (s) => feed.ticks(s),
      ...(feed.bars === undefined ? {} : { bars: (s, ms) => feed.bars?.(s, ms) ?? NEVER }),
      budget: stageBudget(o),
      funding$:
        feed.funding?.() ??
        slowRefresh({
          venue: o.edges.venue,
          clock: o.clock,
          onError: (_what, e) => o.log.warn(`funding info read failed: ${describeError(e)}`),
        }).funding$,
      book: this.book,
      intentIdScheme: this.intentIdScheme,
      state: journalStateStore(parts.executor.journal),
      scheduleMemory: metaScheduleMemory(parts.executor.journal),
      submit: (intent) => {
        o.tap?.intent?.(intent);
        this.activity.intent(intent.strategyId);
        if (this.operator.pauses.drops(intent)) return;
        if (o.onIntent === undefined || o.onIntent(intent)) void this.submit(intent);
      },
      emit: (e) => {
        parts.reporter.onStrategy(e);
        this.strategyEvents$.next(e);
      },
      onBar: (bar) => this.activity.barsOf(bar.symbol),
      onTick: (tick) => this.activity.ticksOf(tick.symbol),
      // A backtest has no console: its strategies' ctx.plot stays the no-op.
      ...(config.mode === 'backtest' ? {} : { plot: plotTo(this.indicators$) }),
    });
  }

  static async start(o: KernelOptions): Promise<Kernel> {
    const { config } = o.loaded;
    const { edges, clock, log } = o;
    const { journal, lease, quarantinedTo, intentIdScheme } = await openKernelLease(config, edges, o);
    const metrics = createMetrics({ processMetrics: o.processMetrics ?? true });
    const timed = o.timeCalls !== false;
    if (timed) timeJournalCommits(journal, metrics);
    const reporter = new EventReporter({ log, clock, metrics, notify: o.notify });
    const activity = new StrategyActivity();
    const scheduler = new Scheduler(clock, jobEvents(log, activity, o.tap));
    const events = createEventBus();
    const tapped = o.tap?.event;
    const reporting = events.subscribe((e) => reporter.onExecution(e));
    if (tapped !== undefined) reporting.add(events.subscribe(tapped));
    let executor: Executor<JournalPort>;
    try {
      executor = await Executor.start({
        venue: timed ? timedVenue(edges.venue, metrics) : edges.venue,
        journal,
        clock,
        risk: riskOptionsFromConfig(
          config.risk,
          config.strategies.map((s) => (s.risk === undefined ? { id: s.id } : { id: s.id, risk: s.risk })),
        ),
        execution: config.execution,
        events,
        quarantined: quarantinedTo !== undefined,
        ...(o.crash === undefined ? {} : { crash: o.crash }),
        onEnd: () => scheduler.stop(), // an orderly stop's very last step releases the lease
      });
      await waitUntilReady(executor, clock, o.readyTimeoutMs ?? 60_000);
    } catch (e) {
      reporting.unsubscribe();
      lease.release();
      journal.close();
      throw e;
    }
    const kernel = new Kernel(o, { executor, scheduler, metrics, reporter, activity, intentIdScheme, lease });
    kernel.subs.push(reporting, routeToStrategies(executor, kernel.stage));
    if (o.housekeeping !== false) for (const job of housekeepingJobs(executor, lease)) scheduler.add(job);
    for (const job of config.schedule) scheduler.add(kernel.namedJob(job.name, job.cron));
    // 0 or Infinity: no gauge job (a backtest has no /metrics to refresh).
    const gaugesEveryMs = o.gaugesEveryMs ?? 1_000;
    if (gaugesEveryMs > 0 && Number.isFinite(gaugesEveryMs))
      scheduler.add({ name: 'report.gauges', everyMs: gaugesEveryMs, run: gaugeRefresher(kernel) });
    const notify = o.notify;
    if (notify !== undefined && config.notify.dailySummary)
      scheduler.add({
        name: 'report.dailySummary',
        cron: '0 0 0 * * *',
        run: () => notify(dailySummary(kernel)),
      });
    // The ledger's marks, the gate's notional and the TP/SL watch all read the same stream;
    // the gate also hears when a market's prices stop arriving (no new exposure on stale prices).
    for (const symbol of kernel.markets) {
      // The executor reads each tick and keeps nothing: one array serves every mark.
      const one: PriceTick[] = [];
      kernel.subs.push(
        (kernel.feed.marks?.(symbol) ?? kernel.feed.ticks(symbol)).subscribe((t) => {
          one[0] = t;
          executor.onPrices(one);
        }),
      );
    }
    kernel.subs.push(kernel.feed.staleChanges$.subscribe((c) => executor.gate.priceStale(c.symbol, c.stale)));
    kernel.stage.start();
    scheduler.start();
    return kernel;
  }

  /** A job the config names in `schedule:`; unknown names are refused at start. */
  private namedJob(name: string, cron: string) {
    if (name === 'reconcile')
      return {
        name: `schedule.${name}`,
        cron,
        run: () => (this.executor.alive() ? this.executor.reconcileNow() : undefined),
      };
    throw new ConfigError(`schedule: unknown job "${name}" (known: reconcile)`);
  }

  /**
   * Where every strategy intent goes: the executor, whose gate judges it (stale prices included).
   * Never rejects: a failed submit is logged and answers undefined.
   */
  submit(intent: Intent): Promise<SubmitResult | undefined> {
    return this.executor.submit(intent).then(
      (r) => {
        this.metrics.intents.inc({ strategy: intent.strategyId, outcome: r.status });
        if (r.status === 'accepted')
          this.accepted.set(intent.strategyId, this.acceptedOf(intent.strategyId) + 1);
        return r;
      },
      (e: unknown) => {
        this.o.log.error(`submit of ${intent.intentId} failed: ${describeError(e)}`);
        return undefined;
      },
    );
  }

  /** Intents of a strategy the executor accepted since start, for the terminal view. */
  acceptedOf(strategyId: string): number {
    return this.accepted.get(strategyId) ?? 0;
  }

  /**
   * Graceful stop: no new intents, in-flight requests get `drainMs` to end (then are journaled
   * unknown for the next start to settle), positions are closed only when the config says so.
   */
  stop(): Promise<void> {
    this.reporter.stopBegan();
    this.stopping ??= this.stopNow();
    return this.stopping;
  }

  private async stopNow(): Promise<void> {
    const { shutdown } = this.config;
    const { clock, log } = this.o;
    const ex = this.executor;
    this.stage.stop();
    for (const w of this.activity.silent()) log.warn(`${w.code}: ${w.message}`);
    if (shutdown.closePositions && ex.alive()) {
      const at = clock.now();
      // A close-all intent, not a halt: a halt would stay latched for the next start.
      await ex.submit({
        kind: 'closeAll',
        intentId: IntentId(`in_shutdown_${at}`),
        strategyId: StrategyId('kernel'),
        createdAt: at,
        reason: 'shutdown.closePositions',
      });
    }
    const until = clock.now() + shutdown.drainMs;
    while (ex.alive() && !ex.isIdle() && clock.now() < until) await clock.sleep(50);
    if (ex.alive() && ex.isIdle()) await finalCheck(ex, log);
    await ex.stop({ drainMs: Math.max(0, until - clock.now()) });
    for (const s of this.subs.splice(0)) s.unsubscribe();
    this.scheduler.stop();
    await releaseLeaseLast(ex, this.lease, this.o.tap); // a standby takes over now, the recording complete
    log.debug('kernel stopped');
  }
}
