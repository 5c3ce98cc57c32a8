import { ConfigError } from '../../../src/errors/ConfigError.ts';
import { isPostgresUrl } from '../../../src/journal/postgres/pgWhere.ts';
import { runSweepWorker } from './runSweepWorker.ts';

export interface WorkerIo {
  readonly stderr: NodeJS.WritableStream;
  readonly now: () => number;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * `perpflow worker postgres://… [--data-dir DIR]`: runs queued sweep sets until SIGINT or SIGTERM,
 * which let the set in hand finish; its log is on stderr, one line per set.
 */
export async function workerCommand(
  url: string,
  options: { readonly dataDir?: string; readonly pollMs?: string; readonly maintenanceSeconds?: string },
  io: WorkerIo,
): Promise<void> {
  if (!isPostgresUrl(url)) throw new ConfigError(`worker ${url}: expected a postgres://… URL`);
  const pollMs = Number(options.pollMs ?? 500);
  const maintenanceSeconds = Number(options.maintenanceSeconds ?? 30);
  if (!(Number.isInteger(pollMs) && pollMs >= 10))
    throw new ConfigError(`--poll-ms ${options.pollMs}: expected ≥ 10`);
  if (!(Number.isInteger(maintenanceSeconds) && maintenanceSeconds >= 1))
    throw new ConfigError(`--maintenance-seconds ${options.maintenanceSeconds}: expected a whole number ≥ 1`);
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const log = (line: string) => io.stderr.write(`${line}\n`);
  try {
    const { sets } = await runSweepWorker({
      url,
      ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
      pollMs,
      maintenanceSeconds,
      log,
      now: io.now,
      sleep: io.sleep,
      signal: stop.signal,
    });
    // maxRSS in kilobytes, CPU in microseconds: the sweep bench reads both from this line.
    const use = process.resourceUsage();
    const cpuS = (use.userCPUTime + use.systemCPUTime) / 1e6;
    log(
      `worker stopped: ${sets} sets recorded; CPU ${cpuS.toFixed(1)} s; peak RSS ${Math.round(use.maxRSS / 1024)} MB`,
    );
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
