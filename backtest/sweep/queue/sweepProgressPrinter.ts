import { type SweepProgress, sweepProgressLine } from './sweepProgress.ts';

/** How often a log (not a terminal) gets a progress line while nothing but the rate changes. */
const LOG_EVERY_MS = 5_000;

/**
 * Progress on stderr: one line redrawn in place on a terminal; elsewhere (a log, a pipe) a line
 * when the counts change (at most one a second) and every few seconds, and always the last one.
 */
export function sweepProgressPrinter(
  stderr: NodeJS.WriteStream | NodeJS.WritableStream,
  now: () => number,
): { show: (id: string, p: SweepProgress, elapsedMs: number) => void; stop: () => void } {
  const tty = 'isTTY' in stderr && stderr.isTTY === true;
  let lastKey = '';
  let lastAt = Number.NEGATIVE_INFINITY;
  let open = false;
  return {
    show: (id, p, elapsedMs) => {
      const line = sweepProgressLine(id, p, elapsedMs);
      if (tty) {
        stderr.write(`\r${line}\u001b[K`);
        open = true;
        return;
      }
      const key = `${id} ${p.done} ${p.running} ${p.failed} ${p.retrying}`;
      const t = now();
      const last = p.done + p.failed >= p.total;
      if (!last && (key === lastKey ? t - lastAt < LOG_EVERY_MS : t - lastAt < 1_000)) return;
      lastKey = key;
      lastAt = t;
      stderr.write(`${line}\n`);
    },
    stop: () => {
      if (open) stderr.write('\n');
      open = false;
    },
  };
}
