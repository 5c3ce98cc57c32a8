import { filter, firstValueFrom, merge, timer } from 'rxjs';
import type { Clock } from '../clock/Clock.ts';
import { StartupError } from '../errors/StartupError.ts';
import type { Executor } from '../execution/Executor.ts';

/**
 * Fail closed: no strategy starts before the journal and the venue agree. The executor retries
 * its first reconciliation by itself; this waits for it, and gives up (the run exits non-zero)
 * when the venue refuses the key or when it has not succeeded in `timeoutMs`.
 */
export async function waitUntilReady(ex: Executor, clock: Clock, timeoutMs: number): Promise<void> {
  if (ex.ready) return;
  if (ex.gate.authBroken) throw notReady('the venue refused the API key');
  const outcome = await firstValueFrom(
    merge(
      ex.events$.pipe(
        filter((e) => e.type === 'reconciled' || (e.type === 'tradingStateChanged' && ex.gate.authBroken)),
      ),
      timer(timeoutMs, clock.scheduler),
    ),
  );
  if (ex.ready) return;
  throw notReady(
    typeof outcome === 'number'
      ? `the start-up reconciliation has not succeeded in ${timeoutMs} ms`
      : 'the venue refused the API key',
  );
}

function notReady(why: string): StartupError {
  return new StartupError(`not starting strategies: ${why}; nothing was traded`);
}
