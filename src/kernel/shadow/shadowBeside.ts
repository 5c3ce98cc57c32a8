import type { Clock } from '../../clock/Clock.ts';
import type { Logger } from '../../log/Logger.ts';
import { describeError } from '../../log/redact.ts';
import { renderDrift } from '../../report/drift/renderDrift.ts';
import type { LoadedConfig } from '../../strategy/loadConfigWithStrategies.ts';
import type { Kernel } from '../Kernel.ts';
import { type Shadow, startShadow } from './startShadow.ts';

/**
 * `perpflow run`'s shadow, when the config names one: only beside a bot that trades a venue (live,
 * sim; a dry run is its own model). A shadow that cannot start is logged and live runs on
 * without it: it observes, it must never stop the trading it observes.
 */
export async function shadowBeside(
  live: Kernel,
  o: { readonly loaded: LoadedConfig; readonly clock: Clock; readonly log: Logger; readonly fresh: boolean },
): Promise<Shadow | undefined> {
  const { config } = live;
  if (config.shadow.length === 0) return undefined;
  if (config.mode !== 'live' && config.mode !== 'sim') {
    o.log.warn(`shadow: a ${config.mode} run is not shadowed (only live and sim are: the drift report)`);
    return undefined;
  }
  try {
    return await startShadow(live, o);
  } catch (e) {
    o.log.error(
      `shadow of ${config.shadow.join(', ')} did not start: ${describeError(e)}; live runs on without it`,
    );
    return undefined;
  }
}

/** Stops a shadow, first logging where its drift ended. */
export async function stopShadow(shadow: Shadow | undefined, log: Logger): Promise<void> {
  if (shadow === undefined) return;
  try {
    log.info(renderDrift(shadow.report()));
    await shadow.stop();
  } catch (e) {
    log.error(`shadow stop failed: ${describeError(e)}`);
  }
}
