import type { Observable, Subscription } from 'rxjs';
import type { Bar } from '../domain/bar.ts';
import type { Intent } from '../domain/intent.ts';
import type { PriceTick } from '../domain/tick.ts';
import type { AnyStrategy, RxStrategyContext } from './defineStrategy.ts';
import type { StrategyRunner } from './StrategyRunner.ts';

/**
 * Runs a strategy's RxJS form `rx(ctx) => Observable<intent>` beside its hooks: each emitted
 * intent is validated and converted by the runner with the same isolation as a hook's, and a
 * stream that errors (or throws while being built) counts as one failure and ends. A paused
 * strategy's emissions are dropped.
 */
export function startRx(
  strategy: AnyStrategy,
  runner: StrategyRunner,
  streams: { readonly bars$: Observable<Bar>; readonly ticks$: Observable<PriceTick> },
  sink: (intent: Intent) => void,
): Subscription | undefined {
  if (strategy.rx === undefined) return undefined;
  // The runner's context (its helpers and state) under the two streams, without copying it.
  const ctx: RxStrategyContext<unknown, unknown> = Object.assign(Object.create(runner.context), streams);
  let out$: Observable<unknown>;
  try {
    out$ = strategy.rx(ctx);
  } catch (error) {
    runner.rxFailed(error);
    return undefined;
  }
  return out$.subscribe({
    next: (intent) => {
      for (const i of runner.acceptRx(intent)) sink(i);
    },
    error: (error: unknown) => runner.rxFailed(error),
  });
}
