import { resolve } from 'node:path';
import type { Command } from 'commander';
import { ConfigError } from '../../errors/ConfigError.ts';
import { diverged, formatOutcome } from '../../replay/formatOutcome.ts';
import { replaySession } from '../../replay/replaySession.ts';
import { loadConfigWithStrategies } from '../../strategy/loadConfigWithStrategies.ts';
import { action } from '../action.ts';
import { type RecordingChoice, recordingSource } from './recordingSource.ts';

/** `--until`: an ISO time (2026-11-28T21:51:00Z) or epoch milliseconds. */
export function parseUntil(text: string): number {
  const t = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
  if (!Number.isFinite(t))
    throw new ConfigError(
      `--until: expected an ISO time like 2026-11-28T21:51:00Z or epoch ms, got "${text}"`,
    );
  return t;
}

interface ReplayFlags extends RecordingChoice {
  readonly until?: string;
  readonly strategies?: string;
  readonly json?: boolean;
}

/**
 * `perpflow replay RECORDING [--until TIME] [--strategies CONFIG]`: the recorded session again,
 * offline, through the same kernel on a virtual clock, the venue answering from the recording.
 * RECORDING is a file, or a PostgreSQL journal's postgres:// URL (its recording is in the database).
 * Exit 0 when every intent, request and fill is identical, 1 at a divergence, 2 on bad input.
 */
export function registerReplayCommand(program: Command): void {
  program
    .command('replay <recording>')
    .description(
      're-run a recorded session offline and check every intent, request and fill against the recording',
    )
    .option(
      '--until <time>',
      'stop at this moment (ISO time or epoch ms) and print positions and open requests',
    )
    .option(
      '--strategies <config>',
      "run this config file's strategies instead: what would they have decided?",
    )
    .option('--scope <scope>', 'a postgres:// recording: the lease scope, when it holds several')
    .option('--segment <name>', 'a postgres:// recording: only this segment (`perpflow record list URL`)')
    .option('--json', 'machine-readable output')
    .action(
      action(async (recording: string, o: ReplayFlags) => {
        const until = o.until === undefined ? undefined : parseUntil(o.until);
        const strategies =
          o.strategies === undefined
            ? undefined
            : {
                entries: (await loadConfigWithStrategies(o.strategies, { checkPaths: true })).config
                  .strategies,
                configFile: resolve(o.strategies),
              };
        const t0 = performance.now();
        const source = await recordingSource(recording, o);
        const outcome = await replaySession(typeof source === 'string' ? source : source.segments, {
          ...(until === undefined ? {} : { until }),
          ...(strategies === undefined ? {} : { strategies }),
        });
        const wallMs = performance.now() - t0;
        process.stdout.write(
          o.json
            ? `${JSON.stringify({ ...outcome, wallMs, diverged: diverged(outcome) })}\n`
            : formatOutcome(outcome, wallMs),
        );
        if (diverged(outcome)) process.exitCode = 1;
      }),
    );
}
