/** V8 flags for `perpflow backtest` and the benches of its path (see backtestNodeFlags.js). */
export declare const BACKTEST_NODE_FLAGS: readonly string[];
