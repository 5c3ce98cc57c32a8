import { monotonicStopwatch, type Stopwatch } from '../clock/Stopwatch.ts';
import { HALT_SIGNAL } from '../execution/haltSignal.ts';
import { onHaltSignal } from '../execution/killSwitch.ts';
import type { Logger } from '../log/Logger.ts';
import { RESUME_REQUESTED } from '../risk/killSwitchKeys.ts';
import type { Kernel } from './Kernel.ts';
import { StopAction, StopSignalPolicy } from './stopSignalPolicy.ts';

/**
 * The process's signals: SIGINT/SIGTERM stop gracefully (a second request exits at once, and the
 * next start reconciles what was in flight; the same Ctrl-C arriving twice is one request, see
 * `StopSignalPolicy`); SIGUSR2 is the kill switch `perpflow halt` sends. Returns the function to
 * call once the stop has finished: signals after it change nothing, not even the exit code.
 */
export function bindProcessSignals(
  k: Kernel,
  log: Logger,
  onStop: (signal: string) => void,
  stopwatch: Stopwatch = monotonicStopwatch,
): () => void {
  const policy = new StopSignalPolicy();
  const stop = (signal: NodeJS.Signals): void => {
    switch (policy.decide(stopwatch.elapsedMs())) {
      case StopAction.STOP:
        onStop(signal);
        return;
      case StopAction.EXIT_NOW:
        log.warn(`${signal} again: exiting now; the next start reconciles what was in flight`);
        process.exit(130);
        return;
      case StopAction.IGNORE:
        return;
    }
  };
  const halt = (): void => {
    if (policy.isFinished) return; // stopped: nothing left to halt, and the log is closed
    // `perpflow resume` flags itself in the journal before signalling: a resume to say, not a halt.
    if (k.executor.journal.getMeta(RESUME_REQUESTED) !== undefined) {
      k.executor.journal.deleteMeta(RESUME_REQUESTED);
      log.warn(`${HALT_SIGNAL}: resumed by the operator (perpflow resume); trading ${k.executor.gate.state}`);
      k.operator.noteSignal('resume', `trading ${k.executor.gate.state}`);
      return;
    }
    log.warn(`${HALT_SIGNAL}: halt requested`);
    void onHaltSignal(k.executor);
    // The gate latched HALTED synchronously in there: audit it now, whatever the close-all does next.
    k.operator.noteSignal('halt', `trading ${k.executor.gate.state}`);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on(HALT_SIGNAL, halt);
  // Stays bound after the stop: a late duplicate must find a handler, or it would end the process
  // by the signal and turn a clean stop's exit code 0 into 130.
  return () => policy.finish();
}
