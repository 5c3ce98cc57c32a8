/**
 * V8 flags for the commands that hold a large heap: `perpflow backtest`, and the benches that
 * measure its path in process (test/bench/core.bench.ts), which must run under the same heap.
 *
 * - `--max-semi-space-size=16`: a backtest keeps its requests and fills to the end, so its
 *   objects outlive the young generation; Node 24 grows that generation to 2 × 64 MB, about
 *   80 MB of RSS on a 1M-bar backtest with no gain in time (16 MB semi-spaces measured 514–516 MB
 *   against 585–604 MB peak RSS, the same CPU).
 * - `--no-allocation-site-pretenuring`: V8 learns that the records a run keeps survive and then
 *   allocates their sites' objects in the old generation, short-lived ones too (a site makes
 *   both). The core's round trip measured a median of 21 µs with it and 16 µs without (with the
 *   semi-space flag alone 16.3–16.4, with both 15.5–16.4); a 1M-bar backtest 3 % faster in 5 of 6
 *   alternated pairs, with the same peak RSS.
 * - `--expose-gc`: the backtest collects once between its walk and its report
 *   (backtest/collectRunGarbage.ts).
 */
export const BACKTEST_NODE_FLAGS = [
  '--max-semi-space-size=16',
  '--no-allocation-site-pretenuring',
  '--expose-gc',
];
