import type { Subscription } from 'rxjs';
import type { Clock } from '../clock/Clock.ts';
import type { PerpflowConfig } from '../config/schema.ts';
import { IntentId, MarketSymbol, StrategyId } from '../domain/ids.ts';
import type { Intent } from '../domain/intent.ts';
import { ConfigError } from '../errors/ConfigError.ts';
import { Executor } from '../execution/Executor.ts';
import { createEventBus } from '../execution/events.ts';
import { housekeepingJobs } from '../execution/housekeeping.ts';
import { acquireTradingLease, leaseScopeOf, type TradingLease } from '../execution/tradingLease.ts';
import { hostStateDir } from '../journal/hostDir.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import type { Logger } from '../log/Logger.ts';
import { describeError } from '../log/redact.ts';
import { MarkPriceFeed } from '../market/MarkPriceFeed.ts';
import { createMetrics, type Metrics } from '../report/metrics/createMetrics.ts';
import type { Notification } from '../report/notify/Notification.ts';
import { riskOptionsFromConfig } from '../risk/limits.ts';
import { Scheduler } from '../scheduler/Scheduler.ts';
import type { LoadedConfig } from '../strategy/loadConfigWithStrategies.ts';
import { dailySummary } from './dailySummary.ts';
import type { VenueEdges } from './edges/VenueEdges.ts';
import { EventReporter } from './eventReporter.ts';
import { ExecutorBook } from './executorBook.ts';
import { gaugeRefresher } from './gaugeRefresher.ts';
import { journalStateStore } from './journalStateStore.ts';
import { routeToStrategies } from './routeToStrategies.ts';
import { openKernelJournal } from './standby.ts';
import { StrategyActivity } from './strategyActivity.ts';
import { StrategyStage } from './strategyStage.ts';
import { timedVenue } from './timedVenue.ts';
import { timeJournalCommits } from './timeJournalCommits.ts';
import { describeExposure, venueAgreement } from './venueAgreement.ts';
import { waitUntilReady } from './waitUntilReady.ts';

export interface KernelOptions {
  readonly loaded: LoadedConfig;
  readonly edges: VenueEdges;
  readonly clock: Clock;
  readonly log: Logger;
  readonly notify?: (n: Notification) => void;
  /** Start-up gives up when the first reconciliation has not succeeded by then (fail closed). */
  readonly readyTimeoutMs?: number;
  /** Period of the gauge refresh; default 1 s. A long replay on virtual time sets it longer. */
  readonly gaugesEveryMs?: number;
  /** `--allow-shared-account`: skip the host-wide account lock (logged loudly). */
  readonly allowSharedAccount?: boolean;
}

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
  readonly feed: MarkPriceFeed;
  readonly stage: StrategyStage;
  readonly startedAt: number;
  /** Every market a strategy trades: what the price feed polls. */
  readonly markets: readonly MarketSymbol[];
  private readonly o: KernelOptions;
  private readonly scheduler: Scheduler;
  private readonly book: ExecutorBook;
  private readonly accepted = new Map<string, number>();
  /** What each strategy did this run: one that did nothing is named at stop. */
  readonly activity: StrategyActivity;
  private readonly subs: Subscription[] = [];
  private stopping: Promise<void> | undefined;

  private constructor(
    o: KernelOptions,
    parts: {
      executor: Executor<JournalPort>;
      scheduler: Scheduler;
      metrics: Metrics;
      reporter: EventReporter;
      activity: StrategyActivity;
    },
  ) {
    this.o = o;
    this.config = o.loaded.config;
    this.executor = parts.executor;
    this.scheduler = parts.scheduler;
    this.metrics = parts.metrics;
    this.reporter = parts.reporter;
    this.startedAt = o.clock.now();
    const config = this.config;
    this.markets = [...new Set(config.strategies.flatMap((s) => s.markets))].map(MarketSymbol);
    this.feed = new MarkPriceFeed({
      venue: o.edges.prices,
      clock: o.clock,
      intervalMs: config.market.pollIntervalMs,
      staleAfterMs: config.market.staleAfterMs,
      onError: (e) => {
        this.metrics.priceReads.inc({ outcome: 'failed' });
        o.log.warn(`price poll failed: ${describeError(e)}`);
      },
    });
    this.book = new ExecutorBook(parts.executor);
    this.activity = parts.activity;
    for (const e of config.strategies) {
      const strategy = o.loaded.strategies.get(e.id);
      if (strategy !== undefined && e.enabled) this.activity.add(e.id, strategy, e.markets);
    }
    this.stage = new StrategyStage({
      entries: config.strategies,
      modules: o.loaded.strategies,
      clock: o.clock,
      scheduler: parts.scheduler,
      ticks: (s) => this.feed.ticks(s),
      book: this.book,
      state: journalStateStore(parts.executor.journal),
      submit: (intent) => {
        this.activity.intent(intent.strategyId);
        this.submit(intent);
      },
      emit: (e) => parts.reporter.onStrategy(e),
      onBar: (bar) => this.activity.barsOf(bar.symbol),
    });
  }

  static async start(o: KernelOptions): Promise<Kernel> {
    const { config } = o.loaded;
    const { edges, clock, log } = o;
    const { journal, lockDir, quarantinedTo } = await openKernelJournal(config, edges, o);
    if (quarantinedTo !== undefined)
      log.error(
        `the journal was corrupt and was moved to ${quarantinedTo}; every venue position will be adopted`,
      );
    let lease: TradingLease;
    try {
      // The host lock guards a venue account shared between processes; a venue that lives inside
      // this process (the embedded simulator) is nobody else's, so two dry runs never block each other,
      // and a PostgreSQL lease already spans hosts (lockDir undefined for both). It lives in the
      // host-wide directory every bot sees, not beside this bot's journal.
      lease = acquireTradingLease(
        journal,
        leaseScopeOf(edges.venue, config.venue.url),
        lockDir === undefined || o.allowSharedAccount === true ? undefined : hostStateDir(),
      );
      if (o.allowSharedAccount === true && lockDir !== undefined)
        log.error(
          `--allow-shared-account: NOT locking the venue account ${leaseScopeOf(edges.venue, config.venue.url)}; another bot may trade it beside this one`,
        );
    } catch (e) {
      journal.close();
      throw e;
    }
    const metrics = createMetrics();
    timeJournalCommits(journal, metrics);
    const reporter = new EventReporter({ log, clock, metrics, notify: o.notify ?? (() => {}) });
    const activity = new StrategyActivity();
    const scheduler = new Scheduler(clock, (e) => {
      if (e.type === 'failed') log.warn(`job ${e.job} failed: ${describeError(e.error)}`);
      if (e.type === 'started') activity.jobStarted(e.job);
    });
    const events = createEventBus();
    const reporting = events.subscribe((e) => reporter.onExecution(e));
    let executor: Executor<JournalPort>;
    try {
      executor = await Executor.start({
        venue: timedVenue(edges.venue, metrics),
        journal,
        clock,
        risk: riskOptionsFromConfig(
          config.risk,
          config.strategies.map((s) => (s.risk === undefined ? { id: s.id } : { id: s.id, risk: s.risk })),
        ),
        execution: config.execution,
        events,
        quarantined: quarantinedTo !== undefined,
        onEnd: (how) => {
          scheduler.stop();
          if (how === 'stopped') lease.release();
        },
      });
      await waitUntilReady(executor, clock, o.readyTimeoutMs ?? 60_000);
    } catch (e) {
      reporting.unsubscribe();
      lease.release();
      journal.close();
      throw e;
    }
    const kernel = new Kernel(o, { executor, scheduler, metrics, reporter, activity });
    kernel.subs.push(reporting, routeToStrategies(executor, kernel.stage));
    for (const job of housekeepingJobs(executor, lease)) scheduler.add(job);
    for (const job of config.schedule) scheduler.add(kernel.namedJob(job.name, job.cron));
    scheduler.add({ name: 'report.gauges', everyMs: o.gaugesEveryMs ?? 1_000, run: gaugeRefresher(kernel) });
    const notify = o.notify;
    if (notify !== undefined && config.notify.dailySummary)
      scheduler.add({
        name: 'report.dailySummary',
        cron: '0 0 0 * * *',
        run: () => notify(dailySummary(kernel)),
      });
    // The ledger's marks, the gate's notional and the TP/SL watch all read the same stream;
    // the gate also hears when a market's prices stop arriving (no new exposure on stale prices).
    for (const symbol of kernel.markets)
      kernel.subs.push(kernel.feed.ticks(symbol).subscribe((t) => executor.onPrices([t])));
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

  /** Where every strategy intent goes: the executor, whose gate judges it (stale prices included). */
  submit(intent: Intent): void {
    this.executor.submit(intent).then(
      (r) => {
        this.metrics.intents.inc({ strategy: intent.strategyId, outcome: r.status });
        if (r.status === 'accepted')
          this.accepted.set(intent.strategyId, this.acceptedOf(intent.strategyId) + 1);
      },
      (e: unknown) => this.o.log.error(`submit of ${intent.intentId} failed: ${describeError(e)}`),
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
    if (ex.alive() && ex.isIdle()) await this.finalCheck();
    await ex.stop({ drainMs: Math.max(0, until - clock.now()) });
    for (const s of this.subs.splice(0)) s.unsubscribe();
    this.book.close();
    this.scheduler.stop();
    await ex.journal.pendingCommit()?.catch(() => undefined); // a networked journal: the last group commit
    ex.journal.close();
    log.debug('kernel stopped');
  }

  /** The last word before exit: does the venue hold what the ledger says? */
  private async finalCheck(): Promise<void> {
    try {
      // A TP/SL the venue fired is learnt by reconciliation: settle first, then compare.
      await this.executor.reconcileNow();
      const a = await venueAgreement(this.executor);
      if (a.agree) this.o.log.info(`venue = ledger at stop: ${describeExposure(a.ledger)}`);
      else
        this.o.log.error(
          `venue ≠ ledger at stop: venue ${describeExposure(a.venue)}, ledger ${describeExposure(a.ledger)}; the next start reconciles`,
        );
    } catch (e) {
      this.o.log.warn(`could not compare with the venue at stop: ${describeError(e)}`);
    }
  }
}
