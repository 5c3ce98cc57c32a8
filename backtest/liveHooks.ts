import { merge, type Observable, Subject, type Subscription } from 'rxjs';
import type { Clock } from '../src/clock/Clock.ts';
import type { Bar } from '../src/domain/bar.ts';
import type { Intent } from '../src/domain/intent.ts';
import type { PriceTick } from '../src/domain/tick.ts';
import type { StrategyActivity } from '../src/kernel/strategyActivity.ts';
import { Scheduler } from '../src/scheduler/Scheduler.ts';
import type { AnyStrategy } from '../src/strategy/defineStrategy.ts';
import type { StrategyHost } from '../src/strategy/StrategyHost.ts';
import type { StrategyRunner } from '../src/strategy/StrategyRunner.ts';
import { scheduleStrategy } from '../src/strategy/scheduleStrategy.ts';
import { startRx } from '../src/strategy/startRx.ts';
import type { BarSink } from './BarWalker.ts';

/**
 * The hooks a live run drives besides onBar: cron schedules on the backtest's virtual clock
 * (a DCA plan buys at each due time the bars pass through) and the RxJS form, fed the same
 * closed bars and marks. Without them a scheduled or Rx strategy sat through a backtest doing
 * nothing, and the run ended with a flat curve and exit 0.
 */
export function liveHooks(
  clock: Clock,
  host: StrategyHost,
  submit: (intent: Intent) => void,
  activity: StrategyActivity,
) {
  let started = 0;
  const scheduler = new Scheduler(clock, (e) => {
    if (e.type === 'started' && activity.jobStarted(e.job)) started++;
  });
  const bars = new Map<string, Subject<Bar>>();
  const ticks = new Map<string, Subject<PriceTick>>();
  const subs: Subscription[] = [];
  const rx: { strategy: AnyStrategy; runner: StrategyRunner }[] = [];
  const streamOf = <T>(m: Map<string, Subject<T>>, symbol: string): Observable<T> => {
    let s = m.get(symbol);
    if (s === undefined) {
      s = new Subject<T>();
      m.set(symbol, s);
    }
    return s;
  };
  const withRx: BarSink = {
    onBar: (bar) => {
      host.onBar(bar);
      bars.get(bar.symbol)?.next(bar);
    },
    onTick: (tick) => {
      host.onTick(tick);
      ticks.get(tick.symbol)?.next(tick);
    },
  };
  return {
    /** Where the walker hands bars: straight to the host unless an Rx strategy listens too. */
    sink(): BarSink {
      return rx.length === 0 ? host : withRx;
    },
    /** A started runner's schedules, and its Rx form when it has one. */
    add(strategy: AnyStrategy, params: unknown, runner: StrategyRunner): void {
      scheduleStrategy(scheduler, strategy, params, runner, submit);
      if (strategy.rx !== undefined) rx.push({ strategy, runner });
    },
    /**
     * The scheduler runs a job one microtask after its timer fires, and a bar on which nothing is
     * in flight never awaits: the driver lets a fired job run before it submits that bar's intents.
     */
    jobsFired(): boolean {
      const fired = started > 0;
      started = 0;
      return fired;
    },
    start(): void {
      for (const { strategy, runner } of rx) {
        const streams = {
          bars$: merge(...runner.markets.map((m) => streamOf(bars, m))),
          ticks$: merge(...runner.markets.map((m) => streamOf(ticks, m))),
        };
        const sub = startRx(strategy, runner, streams, submit);
        if (sub !== undefined) subs.push(sub);
      }
      scheduler.start();
    },
    stop(): void {
      scheduler.stop();
      for (const s of subs.splice(0)) s.unsubscribe();
      for (const s of [...bars.values(), ...ticks.values()]) s.complete();
    },
  };
}
