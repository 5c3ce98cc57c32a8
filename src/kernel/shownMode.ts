import type { Kernel } from './Kernel.ts';

/** The mode the operator's views name: a kernel started for a backtest is shown as the paper run it is. */
export type ShownMode = 'live' | 'dry-run' | 'sim';

export function shownMode(k: Pick<Kernel, 'config'>): ShownMode {
  const mode = k.config.mode;
  return mode === 'live' || mode === 'sim' ? mode : 'dry-run';
}
