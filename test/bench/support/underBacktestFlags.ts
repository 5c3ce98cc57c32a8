import { fileURLToPath } from 'node:url';
import { BACKTEST_NODE_FLAGS } from '../../../bin/backtestNodeFlags.js';

/**
 * Replaces this bench's process with one under the V8 flags `perpflow backtest` runs with, when
 * it was started without them: a bench of the backtest's path in process measures that heap.
 */
export function underBacktestFlags(moduleUrl: string): void {
  if (BACKTEST_NODE_FLAGS.every((f) => process.execArgv.includes(f))) return;
  const file = fileURLToPath(moduleUrl);
  process.execve?.(process.execPath, [
    process.execPath,
    ...BACKTEST_NODE_FLAGS,
    ...process.execArgv,
    file,
    ...process.argv.slice(2),
  ]);
}
