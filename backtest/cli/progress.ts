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
export function progress(
  stderr: ProgressStream,
  format = 'backtest {bar} {percentage}% | {value}/{total} bars | eta {eta_formatted}',
): {
  /** `payload` fills the format's other {fields} (the optimiser's best so far). */
  tick: (done: number, total: number, payload?: Readonly<Record<string, string>>) => void;
  stop: () => void;
} {
  if (!('isTTY' in stderr) || !stderr.isTTY) return { tick: () => {}, stop: () => {} };
  const bar: SingleBar = new (load().SingleBar)({
    format,
    stream: stderr,
    hideCursor: true,
  });
  let started = false;
  return {
    tick: (done, total, payload) => {
      if (!started) {
        bar.start(total, 0, payload);
        started = true;
      }
      bar.update(done, payload);
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}
