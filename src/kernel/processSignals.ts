import { HALT_SIGNAL } from '../execution/haltSignal.ts';
import { onHaltSignal } from '../execution/killSwitch.ts';
import type { Logger } from '../log/Logger.ts';
import { RESUME_REQUESTED } from '../risk/killSwitchKeys.ts';
import type { Kernel } from './Kernel.ts';

/**
 * The process's signals: SIGINT/SIGTERM stop gracefully (a second one exits at once, and the next
 * start reconciles what was in flight); SIGUSR2 is the kill switch `perpflow halt` sends.
 * Returns the function that unbinds them.
 */
export function bindProcessSignals(k: Kernel, log: Logger, onStop: (signal: string) => void): () => void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      log.warn(`${signal} again: exiting now; the next start reconciles what was in flight`);
      process.exit(130);
    }
    stopping = true;
    onStop(signal);
  };
  const halt = (): void => {
    // `perpflow resume` flags itself in the journal before signalling: a resume to say, not a halt.
    if (k.executor.journal.getMeta(RESUME_REQUESTED) !== undefined) {
      k.executor.journal.deleteMeta(RESUME_REQUESTED);
      log.warn(`${HALT_SIGNAL}: resumed by the operator (perpflow resume); trading ${k.executor.gate.state}`);
      return;
    }
    log.warn(`${HALT_SIGNAL}: halt requested`);
    void onHaltSignal(k.executor);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on(HALT_SIGNAL, halt);
  return () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    process.off(HALT_SIGNAL, halt);
  };
}
