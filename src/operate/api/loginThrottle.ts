import type { Clock } from '../../clock/Clock.ts';

const FREE_FAILURES = 5;
const MAX_WAIT_MS = 15 * 60_000;

/**
 * Login attempts per client address, with backoff: after 5 failures each further attempt must
 * wait 1 s, 2 s, 4 s … (at most 15 min) since the last failure; a success clears the address.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; last: number }>();
  private readonly clock: Clock;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  /** Milliseconds `from` must still wait before its next attempt (0: go ahead). */
  waitMs(from: string): number {
    const f = this.failures.get(from);
    if (f === undefined || f.count < FREE_FAILURES) return 0;
    const wait = Math.min(MAX_WAIT_MS, 1_000 * 2 ** (f.count - FREE_FAILURES));
    return Math.max(0, f.last + wait - this.clock.now());
  }

  failed(from: string): void {
    const f = this.failures.get(from) ?? { count: 0, last: 0 };
    f.count++;
    f.last = this.clock.now();
    this.failures.set(from, f);
    if (this.failures.size > 10_000) this.failures.delete(this.failures.keys().next().value ?? '');
  }

  succeeded(from: string): void {
    this.failures.delete(from);
  }
}
