import { map, merge, type Observable, type Subscription, share } from 'rxjs';
import type { Clock } from '../clock/Clock.ts';
import type { StrategyConfig } from '../config/schema.ts';
import type { Bar } from '../domain/bar.ts';
import { MarketSymbol } from '../domain/ids.ts';
import type { Intent } from '../domain/intent.ts';
import type { IntentIdScheme } from '../domain/intentId.ts';
import type { PriceTick } from '../domain/tick.ts';
import { barsFromTicks } from '../market/barsFromTicks.ts';
import { parseInterval } from '../market/parseInterval.ts';
import type { Scheduler } from '../scheduler/Scheduler.ts';
import type { ScheduleMemory } from '../scheduler/scheduleMemory.ts';
import { keepableBar } from '../strategy/ColumnBarView.ts';
import {
  type AnyStrategy,
  type StrategyFill,
  type StrategyRequestUpdate,
  warmupOf,
} from '../strategy/defineStrategy.ts';
import { MarketData } from '../strategy/MarketData.ts';
import type { StrategyEvent } from '../strategy/runnerEvents.ts';
import type { StrategyBook } from '../strategy/StrategyBook.ts';
import { StrategyHost } from '../strategy/StrategyHost.ts';
import { StrategyRunner } from '../strategy/StrategyRunner.ts';
import type { Plotter } from '../strategy/StrategyRunnerOptions.ts';
import type { StateStore } from '../strategy/StrategyState.ts';
import { scheduleStrategy } from '../strategy/scheduleStrategy.ts';
import { startRx } from '../strategy/startRx.ts';
import type { FundingInfo } from '../venue/VenuePort.ts';
import { runnerBudget, type StageBudget } from './stageBudget.ts';

export interface StrategyStageOptions {
  readonly entries: readonly StrategyConfig[];
  readonly modules: ReadonlyMap<string, AnyStrategy>;
  readonly clock: Clock;
  readonly scheduler: Scheduler;
  /** Where the schedules' last runs are kept (the journal): their misfire policy reads it. */
  readonly scheduleMemory?: ScheduleMemory;
  readonly ticks: (symbol: MarketSymbol) => Observable<PriceTick>;
  /** A feed's own bars (a backtest's file); undefined: the bars are built from the marks. */
  readonly bars?: (symbol: MarketSymbol, intervalMs: number) => Observable<Bar>;
  /** The markets' funding rates (`ctx.funding`): the venue's funding info, polled or pushed. */
  readonly funding$?: Observable<readonly FundingInfo[]>;
  /** Per-hook time budget (StrategyRunner); a backtest runs untimed, so wall time never changes a result. */
  readonly budget?: StageBudget;
  /** The scheme of the journal's intent ids, so a signal repeated after a restart keeps its id. */
  readonly intentIdScheme: IntentIdScheme;
  readonly book: StrategyBook;
  readonly state: StateStore;
  readonly submit: (intent: Intent) => void;
  readonly emit: (event: StrategyEvent) => void;
  readonly onBar?: (bar: Bar) => void;
  readonly onTick?: (tick: PriceTick) => void;
  /** Where the strategies' `ctx.plot` values go; absent: nowhere (a backtest). */
  readonly plot?: Plotter;
}

interface Lane {
  readonly intervalMs: number;
  readonly data: MarketData;
  readonly host: StrategyHost;
  readonly symbols: Set<string>;
}

/**
 * The strategies of one process on one price stream: a lane per bar interval (one MarketData and
 * one StrategyHost each), a bar stream per (market, interval) built from the shared tick stream,
 * cron schedules on the process scheduler, and the RxJS form. Intents go to `submit`.
 */
export class StrategyStage {
  readonly runners = new Map<string, StrategyRunner>();
  private readonly o: StrategyStageOptions;
  private readonly lanes = new Map<number, Lane>();
  private readonly subs: Subscription[] = [];

  constructor(o: StrategyStageOptions) {
    this.o = o;
    const keep = new Map<number, number>();
    const planned = o.entries.flatMap((e) => {
      const strategy = o.modules.get(e.id);
      if (strategy === undefined || !e.enabled) return [];
      const intervalMs = parseInterval(e.interval ?? strategy.interval ?? '1h');
      keep.set(intervalMs, Math.max(keep.get(intervalMs) ?? 1, warmupOf(strategy, e.params) + 2));
      return [{ e, strategy, intervalMs }];
    });
    for (const { e, strategy, intervalMs } of planned) {
      const lane = this.lane(intervalMs, keep.get(intervalMs) ?? 1);
      const runner = new StrategyRunner({
        strategy,
        id: e.id,
        markets: e.markets,
        params: e.params,
        clock: o.clock,
        data: lane.data,
        book: o.book,
        state: o.state,
        emit: o.emit,
        ...runnerBudget(o.budget, e.id),
        intentIdScheme: o.intentIdScheme,
        ...(o.plot === undefined ? {} : { plot: o.plot }),
      });
      this.runners.set(e.id, runner);
      lane.host.add(runner);
      for (const m of e.markets) lane.symbols.add(m);
    }
  }

  private lane(intervalMs: number, keep: number): Lane {
    let lane = this.lanes.get(intervalMs);
    if (lane === undefined) {
      const data = new MarketData(keep);
      lane = { intervalMs, data, host: new StrategyHost(data, this.o.submit), symbols: new Set() };
      this.lanes.set(intervalMs, lane);
    }
    return lane;
  }

  /** Runs each strategy's init, then subscribes the streams and registers the schedules. */
  start(): void {
    const o = this.o;
    for (const [id, runner] of this.runners) {
      if (!runner.start()) continue;
      const entry = o.entries.find((e) => e.id === id);
      const strategy = o.modules.get(id);
      if (entry === undefined || strategy === undefined) continue;
      scheduleStrategy(o.scheduler, strategy, entry.params, runner, o.submit, {
        ...(o.scheduleMemory === undefined ? {} : { memory: o.scheduleMemory }),
        ...(entry.misfireGraceMs === undefined ? {} : { misfireGraceMs: entry.misfireGraceMs }),
      });
    }
    if (o.funding$ !== undefined)
      this.subs.push(
        o.funding$.subscribe((infos) => {
          for (const lane of this.lanes.values()) lane.data.onFunding(infos);
        }),
      );
    const streams = new Map<string, { bars: Observable<Bar>[]; ticks: Observable<PriceTick>[] }>();
    for (const lane of this.lanes.values())
      for (const s of lane.symbols) {
        const symbol = MarketSymbol(s);
        // A pushed feed's streams are Subjects already (multicast): no second layer per tick.
        const ticks$ = o.bars === undefined ? o.ticks(symbol).pipe(share()) : o.ticks(symbol);
        const bars$ =
          o.bars?.(symbol, lane.intervalMs) ??
          barsFromTicks(ticks$, {
            symbol,
            intervalMs: lane.intervalMs,
            scheduler: o.clock.scheduler,
            graceMs: 250,
          }).pipe(share());
        this.subs.push(
          ticks$.subscribe((t) => {
            o.onTick?.(t);
            lane.host.onTick(t);
          }),
        );
        this.subs.push(
          bars$.subscribe((b) => {
            o.onBar?.(b);
            lane.host.onBar(b);
          }),
        );
        const mine = streams.get(s) ?? { bars: [], ticks: [] };
        mine.bars.push(bars$);
        mine.ticks.push(ticks$);
        streams.set(s, mine);
      }
    // The RxJS form sees its own markets' streams, once per strategy. Its operators may keep bars
    // (a buffer, a pairwise), so a backtest's moving column view reaches it as copies.
    for (const [id, runner] of this.runners) {
      const strategy = o.modules.get(id);
      if (strategy?.rx === undefined || runner.paused) continue;
      const own = runner.markets.map((m) => streams.get(m)).filter((x) => x !== undefined);
      const sub = startRx(
        strategy,
        runner,
        {
          bars$: merge(...own.flatMap((x) => x.bars)).pipe(map(keepableBar)),
          ticks$: merge(...own.flatMap((x) => x.ticks)),
        },
        o.submit,
      );
      if (sub !== undefined) this.subs.push(sub);
    }
  }

  /** Whether a strategy's onTick hook hears `symbol`'s prices (an RxJS strategy listens on the stream itself). */
  hearsTicks(symbol: string): boolean {
    for (const lane of this.lanes.values()) if (lane.host.hearsTicks(symbol)) return true;
    return false;
  }

  hears(strategyId: string, hook: 'onFill' | 'onRequestUpdate'): boolean {
    return this.runners.get(strategyId)?.hears(hook) ?? false;
  }

  onFill(strategyId: string, fill: StrategyFill): void {
    const runner = this.runners.get(strategyId);
    if (runner !== undefined) for (const i of runner.onFill(fill)) this.o.submit(i);
  }

  onRequestUpdate(strategyId: string, update: StrategyRequestUpdate): void {
    const runner = this.runners.get(strategyId);
    if (runner !== undefined) for (const i of runner.onRequestUpdate(update)) this.o.submit(i);
  }

  stop(): void {
    for (const s of this.subs.splice(0)) s.unsubscribe();
  }
}
