import type { PerpflowConfig } from '../config/schema.ts';

/** The mode the operator's views name: a kernel started for a backtest is shown as the paper run it is. */
export type ShownMode = 'live' | 'dry-run' | 'sim';

export function shownMode(mode: PerpflowConfig['mode']): ShownMode {
  return mode === 'live' || mode === 'sim' ? mode : 'dry-run';
}
