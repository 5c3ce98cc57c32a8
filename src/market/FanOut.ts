import { Observable, type Subscriber } from 'rxjs';

/**
 * A hot stream for a backtest's hot path: `push` hands a value to each subscriber in a plain loop.
 * An RxJS Subject wraps every `next` in an error context and copies its observer list (a third of
 * the kernel's per-bar cost in a 1M-bar backtest); this keeps the Observable face for the kernel,
 * the stage and the RxJS strategy form, without that per-value work.
 */
export class FanOut<T> {
  private subscribers: Subscriber<T>[] = [];
  readonly stream: Observable<T> = new Observable<T>((s) => {
    this.subscribers = [...this.subscribers, s];
    return () => {
      this.subscribers = this.subscribers.filter((x) => x !== s);
    };
  });

  push(value: T): void {
    // The array is replaced, never changed, on (un)subscribe: a subscriber leaving mid-loop is safe.
    for (const s of this.subscribers) s.next(value);
  }

  complete(): void {
    for (const s of this.subscribers) s.complete();
    this.subscribers = [];
  }
}
