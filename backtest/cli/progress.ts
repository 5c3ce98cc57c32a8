import { createRequire } from 'node:module';
import type { SingleBar } from 'cli-progress';

/** Where progress goes: stderr, a terminal or not. */
type ProgressStream = NodeJS.WriteStream | NodeJS.WritableStream;

/**
 * cli-progress (22 modules with its dependencies) is loaded when a bar is drawn, on a terminal
 * only: a backtest run from a script, a pipe or CI never needs it.
 */
const load = (): typeof import('cli-progress') => createRequire(import.meta.url)('cli-progress');

/** A progress bar with ETA on a terminal; nothing at all otherwise (pipes, CI, tests). */
export function progress(stderr: ProgressStream): {
  tick: (done: number, total: number) => void;
  stop: () => void;
} {
  if (!('isTTY' in stderr) || !stderr.isTTY) return { tick: () => {}, stop: () => {} };
  const bar: SingleBar = new (load().SingleBar)({
    format: 'backtest {bar} {percentage}% | {value}/{total} bars | eta {eta_formatted}',
    stream: stderr,
    hideCursor: true,
  });
  let started = false;
  return {
    tick: (done, total) => {
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      bar.update(done);
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}
