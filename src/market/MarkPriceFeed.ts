import { BehaviorSubject, defer, from, type Observable, Subject } from 'rxjs';
import { distinctUntilChanged, filter, finalize, mergeMap, share } from 'rxjs/operators';
import type { Clock } from '../clock/Clock.ts';
import type { MarketSymbol } from '../domain/ids.ts';
import type { PriceTick } from '../domain/tick.ts';
import type { VenuePort } from '../venue/VenuePort.ts';
import { pollEvery } from './pollEvery.ts';
import { DEFAULT_RETRY, type RetryOptions } from './retryDelay.ts';

export interface MarkPriceFeedOptions {
  readonly venue: Pick<VenuePort, 'markPrices'>;
  readonly clock: Clock;
  readonly intervalMs: number;
  /** A symbol with no price for longer than this is stale (default: three intervals). */
  readonly staleAfterMs?: number;
  readonly retry?: RetryOptions;
  readonly onError?: (error: unknown) => void;
}

/**
 * The one `mark-prices` poll of a process: every subscriber of `ticks(symbol)` shares it, one
 * request per interval asks for all subscribed symbols at once, and it stops when the last
 * subscriber leaves. `stale(symbol)` says when a subscribed symbol's prices stopped arriving —
 * the kernel feeds it to the risk gate (stale prices block new exposure; closes stay allowed).
 */
export class MarkPriceFeed {
  private readonly o: MarkPriceFeedOptions;
  private readonly staleAfterMs: number;
  private readonly wanted = new Map<MarketSymbol, number>();
  /** Clock time of the last price received per symbol (or of its first subscription). */
  private readonly lastSeen = new Map<MarketSymbol, number>();
  private readonly last = new Map<string, { readonly mark: number; readonly at: number }>();
  private readonly staleFlags = new Map<MarketSymbol, BehaviorSubject<boolean>>();
  private readonly staleChanges = new Subject<{ readonly symbol: MarketSymbol; readonly stale: boolean }>();
  private readonly all$: Observable<PriceTick>;
  /** Polls sent, for tests and metrics. */
  polls = 0;

  constructor(o: MarkPriceFeedOptions) {
    this.o = o;
    this.staleAfterMs = o.staleAfterMs ?? 3 * o.intervalMs;
    this.all$ = pollEvery({
      everyMs: o.intervalMs,
      scheduler: o.clock.scheduler,
      retry: o.retry ?? DEFAULT_RETRY,
      onError: o.onError ?? (() => {}),
      onTick: () => this.checkStaleness(),
      read: () => {
        this.polls++;
        return o.venue.markPrices([...this.wanted.keys()]);
      },
    }).pipe(
      mergeMap((ticks) => {
        const now = o.clock.now();
        for (const t of ticks) {
          this.seen(t.symbol, now);
          this.last.set(t.symbol, { mark: t.mark, at: now });
        }
        return from(ticks);
      }),
      share(),
    );
  }

  /** The mark prices of one market, from the shared poll. */
  ticks(symbol: MarketSymbol): Observable<PriceTick> {
    return defer(() => {
      this.wanted.set(symbol, (this.wanted.get(symbol) ?? 0) + 1);
      if (!this.lastSeen.has(symbol)) this.lastSeen.set(symbol, this.o.clock.now());
      return this.all$.pipe(
        filter((t) => t.symbol === symbol),
        finalize(() => {
          const n = (this.wanted.get(symbol) ?? 1) - 1;
          if (n === 0) this.wanted.delete(symbol);
          else this.wanted.set(symbol, n);
        }),
      );
    });
  }

  /** The latest mark of a symbol and the clock time it arrived, for views. */
  latest(symbol: string): { readonly mark: number; readonly at: number } | undefined {
    return this.last.get(symbol);
  }

  /** Whether the symbol's price is stale now: a flag for the risk gate. */
  isStale(symbol: MarketSymbol): boolean {
    return this.flag(symbol).value;
  }

  /** The symbol's staleness, emitting on every change (starting with the current value). */
  stale$(symbol: MarketSymbol): Observable<boolean> {
    return this.flag(symbol).pipe(distinctUntilChanged());
  }

  /** Every staleness change of every symbol, for the event log. */
  get staleChanges$(): Observable<{ readonly symbol: MarketSymbol; readonly stale: boolean }> {
    return this.staleChanges.asObservable();
  }

  private flag(symbol: MarketSymbol): BehaviorSubject<boolean> {
    let f = this.staleFlags.get(symbol);
    if (f === undefined) {
      f = new BehaviorSubject(false);
      this.staleFlags.set(symbol, f);
    }
    return f;
  }

  private seen(symbol: MarketSymbol, now: number): void {
    this.lastSeen.set(symbol, now);
    this.setStale(symbol, false);
  }

  private checkStaleness(): void {
    const now = this.o.clock.now();
    for (const symbol of this.wanted.keys()) {
      const last = this.lastSeen.get(symbol) ?? now;
      if (now - last > this.staleAfterMs) this.setStale(symbol, true);
    }
  }

  private setStale(symbol: MarketSymbol, stale: boolean): void {
    const f = this.flag(symbol);
    if (f.value === stale) return;
    f.next(stale);
    this.staleChanges.next({ symbol, stale });
  }
}
