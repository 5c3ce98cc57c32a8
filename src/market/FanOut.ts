import { Observable, type Observer, Subscription } from 'rxjs';

type Listener<T> = (value: T) => void;

/**
 * A hot stream for a backtest's hot path: `push` hands a value to each listener in a plain loop.
 * An RxJS Subject wraps every `next` in an error context and copies its observer list (a third of
 * the kernel's per-bar cost in a 1M-bar backtest); this keeps the Observable face for the kernel,
 * the stage and the RxJS strategy form, without that per-value work. A subscriber that is a plain
 * function is called directly (RxJS would reach it through three wrappers, each a call per value);
 * an observer object or an operator chain goes through RxJS as usual. Unlike RxJS, a function
 * that throws stops the push and the error reaches the pusher (RxJS would rethrow it on a timer,
 * which ends the process all the same, after the other subscribers heard the value).
 */
export class FanOut<T> {
  /** Replaced, never changed, on (un)subscribe: a subscriber leaving mid-push is safe. */
  private listeners: Listener<T>[] = [];
  /** The RxJS subscribers' completions, in subscription order. */
  private readonly completions = new Set<() => void>();
  readonly stream: Observable<T> = new FanOutStream<T>(this);

  /** Adds a listener in subscription order; the returned function removes it. */
  listen(fn: Listener<T>): () => void {
    this.listeners = [...this.listeners, fn];
    let listening = true;
    return () => {
      if (!listening) return;
      listening = false;
      // The same function subscribed twice is listed twice: either entry may go, they do the same.
      const at = this.listeners.indexOf(fn);
      if (at >= 0) this.listeners = this.listeners.filter((_, k) => k !== at);
    };
  }

  /** An RxJS subscriber: it is completed with the stream. */
  attach(next: Listener<T>, complete: () => void): () => void {
    // A wrapper per subscriber, so that unsubscribing one drops its own completion.
    const done = (): void => complete();
    this.completions.add(done);
    const drop = this.listen(next);
    return () => {
      this.completions.delete(done);
      drop();
    };
  }

  /** Listeners now: a backtest's quiet run asks whether anyone but the kernel's bookkeeping hears a stream. */
  get size(): number {
    return this.listeners.length;
  }

  push(value: T): void {
    const ls = this.listeners;
    for (let i = 0; i < ls.length; i++) ls[i]?.(value);
  }

  complete(): void {
    const done = [...this.completions];
    this.completions.clear();
    this.listeners = [];
    for (const c of done) c();
  }
}

/** The Observable face: a function subscriber is a direct listener, anything else an RxJS subscriber. */
class FanOutStream<T> extends Observable<T> {
  private readonly hub: FanOut<T>;

  constructor(hub: FanOut<T>) {
    super((s) =>
      hub.attach(
        (v) => s.next(v),
        () => s.complete(),
      ),
    );
    this.hub = hub;
  }

  override subscribe(
    observerOrNext?: Partial<Observer<T>> | ((value: T) => void) | null,
    error?: ((error: unknown) => void) | null,
    complete?: (() => void) | null,
  ): Subscription {
    if (typeof observerOrNext === 'function' && error == null && complete == null)
      return new Subscription(this.hub.listen(observerOrNext));
    if (error == null && complete == null) return super.subscribe(observerOrNext ?? undefined);
    return super.subscribe({
      ...(typeof observerOrNext === 'function' ? { next: observerOrNext } : {}),
      ...(error == null ? {} : { error }),
      ...(complete == null ? {} : { complete }),
    });
  }
}
