import type { Clock } from '../../clock/Clock.ts';

export interface BudgetOptions {
  /** Sustained requests per second. */
  readonly ratePerSecond: number;
  /** Requests allowed at once after an idle period. */
  readonly burst: number;
}

export const DEFAULT_BUDGET: BudgetOptions = { ratePerSecond: 20, burst: 40 };

/**
 * A token bucket (in its GCRA form: one "theoretical arrival time" instead of a token count),
 * so a busy bot queues itself instead of collecting 429s. Waiting uses the injected clock.
 * Callers are served in arrival order because each one reserves its slot synchronously.
 */
export class RequestBudget {
  private readonly intervalMs: number;
  private readonly toleranceMs: number;
  private tat = Number.NEGATIVE_INFINITY;
  private readonly clock: Clock;
  readonly options: BudgetOptions;

  constructor(clock: Clock, options: BudgetOptions = DEFAULT_BUDGET) {
    this.clock = clock;
    this.options = options;
    if (!(options.ratePerSecond > 0) || !(options.burst >= 1))
      throw new RangeError(
        `request budget: ratePerSecond must be > 0 and burst ≥ 1, got ${options.ratePerSecond}/${options.burst}`,
      );
    this.intervalMs = 1000 / options.ratePerSecond;
    this.toleranceMs = (options.burst - 1) * this.intervalMs;
  }

  /** Milliseconds the next request would have to wait; 0 when it may go now. */
  reserve(): number {
    const now = this.clock.now();
    const start = Math.max(now, this.tat - this.toleranceMs);
    this.tat = Math.max(this.tat, now) + this.intervalMs;
    return start - now;
  }

  /** After a 429 with Retry-After: nobody on this key sends before `ms` from now. */
  holdOff(ms: number): void {
    this.tat = Math.max(this.tat, this.clock.now() + ms + this.toleranceMs);
  }

  /** Resolves when this request may be sent (at once when the bucket has room). */
  acquire(signal?: AbortSignal): Promise<void> | undefined {
    const wait = this.reserve();
    return wait <= 0 ? undefined : this.clock.sleep(wait, signal);
  }
}
