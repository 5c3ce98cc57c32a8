import type { Clock } from '../clock/Clock.ts';
import { onHaltSignal } from '../execution/killSwitch.ts';
import type { Kernel } from '../kernel/Kernel.ts';
import type { RecordLine } from '../kernel/record/recordLines.ts';

/**
 * The operator's recorded inputs, applied again at their recorded moments: console, API and CLI
 * actions as the kernel took them, and SIGUSR2 (a halt; a resume `perpflow resume` flagged).
 */
export function scheduleOperatorInputs(k: Kernel, clock: Clock, lines: readonly RecordLine[]): void {
  for (const l of lines) {
    if (l.k !== 'a' && l.k !== 'g') continue;
    clock.setTimeout(
      () => {
        if (l.k === 'a') void k.operator.act(l.x, l.by);
        else if (l.n === 'halt') {
          void onHaltSignal(k.executor);
          k.operator.noteSignal('halt', `trading ${k.executor.gate.state}`);
        } else {
          k.executor.resume();
          k.operator.noteSignal('resume', `trading ${k.executor.gate.state}`);
        }
      },
      Math.max(0, l.t - clock.now()),
    );
  }
}
