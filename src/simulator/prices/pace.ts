import type { Clock, TimerHandle } from '../../clock/Clock.ts';

/** Calls `step` every `intervalMs` on the clock until it returns false; returns the stop function. */
export function pace(clock: Clock, intervalMs: number, step: () => boolean): () => void {
  let handle: TimerHandle | undefined;
  const tick = (): void => {
    handle = step() ? clock.setTimeout(tick, intervalMs) : undefined;
  };
  handle = clock.setTimeout(tick, intervalMs);
  return () => {
    if (handle) clock.clearTimeout(handle);
  };
}
