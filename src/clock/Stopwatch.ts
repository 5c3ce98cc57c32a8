/**
 * Real elapsed time, monotonic (never jumps with the wall clock), for budgets on work that runs
 * in real time even under a virtual clock — how long a strategy hook took, say.
 */
export interface Stopwatch {
  /** Milliseconds since an arbitrary origin; only differences mean anything. */
  elapsedMs(): number;
}

export const monotonicStopwatch: Stopwatch = { elapsedMs: () => performance.now() };
