import type { Executor } from './Executor.ts';
import { CLOSE_ALL_REQUESTED } from './haltSignal.ts';

/**
 * What SIGUSR2 does (the kernel binds it: `process.on(HALT_SIGNAL, () => void onHaltSignal(ex))`):
 * halt, and close everything when configured or when `perpflow halt --close-all` asked for it
 * through the journal.
 */
export async function onHaltSignal(ex: Executor): Promise<void> {
  const requested = ex.journal.getMeta(CLOSE_ALL_REQUESTED) !== undefined;
  if (requested) ex.journal.deleteMeta(CLOSE_ALL_REQUESTED);
  ex.alert('critical', 'HALT_SIGNAL', `halt requested${requested ? ' with close-all' : ''}`);
  await ex.halt({
    reason: ex.gate.state === 'halted' ? (ex.gate.stateReason ?? 'halt signal') : 'halt signal (SIGUSR2)',
    closeAll: requested || ex.gate.closeAllOnHalt,
  });
}

/** `perpflow halt --close-all` on another host cannot signal: the request waits in the journal. */
export function closeAllRequested(ex: Executor): boolean {
  return ex.alive() && ex.journal.getMeta(CLOSE_ALL_REQUESTED) !== undefined;
}
