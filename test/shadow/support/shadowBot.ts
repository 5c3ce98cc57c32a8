import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { VirtualClock } from '../../../src/clock/VirtualClock.ts';
import { dryRunEdges } from '../../../src/kernel/edges/dryRunEdges.ts';
import { simEdges } from '../../../src/kernel/edges/simEdges.ts';
import type { VenueEdges } from '../../../src/kernel/edges/VenueEdges.ts';
import { Kernel } from '../../../src/kernel/Kernel.ts';
import { shadowBeside } from '../../../src/kernel/shadow/shadowBeside.ts';
import { createLogger } from '../../../src/log/createLogger.ts';
import { type Logger, silentLogger } from '../../../src/log/Logger.ts';
import { loadConfigWithStrategies } from '../../../src/strategy/loadConfigWithStrategies.ts';
import { writeShadowConfig } from './shadowRun.ts';

export interface LogLine {
  readonly level: string;
  readonly message: string;
  readonly component?: string;
}

export interface BotOptions {
  readonly mode?: 'sim' | 'dry-run';
  readonly shadow?: readonly string[];
  /** As `perpflow run` passes it: the live journal starts afresh (sim), so does the shadow's. */
  readonly fresh?: boolean;
  /** The directory of an earlier session to go on in (default: a new one). */
  readonly dir?: string;
  readonly start?: number;
  /** Runs on the directory before the bot starts. */
  readonly prepare?: (dir: string) => void;
}

/**
 * `perpflow run`'s composition of a bot with its shadow (shadowRun.ts's config: flip shadowed,
 * hold not, unless `shadow` says otherwise), the venue in process on a virtual clock.
 */
export async function shadowBot(o: BotOptions = {}) {
  const dir = o.dir ?? mkdtempSync(join(tmpdir(), 'perpflow-shadow-bot-'));
  o.prepare?.(dir);
  const loaded0 = await loadConfigWithStrategies(writeShadowConfig(dir));
  const config = {
    ...loaded0.config,
    mode: o.mode ?? loaded0.config.mode,
    shadow: [...(o.shadow ?? loaded0.config.shadow)],
  };
  const loaded = { ...loaded0, config };
  const clock = new VirtualClock(o.start ?? Date.UTC(2026, 0, 5));
  const lines: LogLine[] = [];
  const log: Logger = createLogger({
    level: 'debug',
    terminal: null,
    clock,
    jsonStreams: [
      new Writable({
        write(chunk, _enc, done) {
          lines.push(JSON.parse(String(chunk)) as LogLine);
          done();
        },
      }),
    ],
  });
  // In process, as the parity suite's third world: a virtual clock stays deterministic.
  const edges: VenueEdges =
    config.mode === 'sim'
      ? await simEdges(config, { clock, log: silentLogger, inProcess: {} })
      : await dryRunEdges(config, { clock, log: silentLogger });
  const kernel = await Kernel.start({ loaded, edges, clock, log, processMetrics: false, gaugesEveryMs: 0 });
  const shadow = await shadowBeside(kernel, { loaded, clock, log, fresh: o.fresh ?? true });
  /** Stops the shadow (if any) and live as `perpflow run` does, driving the clock meanwhile. */
  const stop = async (): Promise<void> => {
    let stopped = false;
    const stopping = Promise.all([shadow?.stop(), kernel.stop()]).then(() => {
      stopped = true;
    });
    await clock.runUntil(() => stopped, 120_000);
    await stopping;
    await edges.close();
  };
  return { dir, clock, log, lines, kernel, edges, shadow, stop };
}

/** The messages logged at `level`. */
export const said = (lines: readonly LogLine[], level: string): string[] =>
  lines.filter((l) => l.level === level).map((l) => l.message);
