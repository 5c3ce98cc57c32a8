import { existsSync } from 'node:fs';
import type { Clock } from '../clock/Clock.ts';
import type { PerpflowConfig } from '../config/schema.ts';
import { ConfigError } from '../errors/ConfigError.ts';
import { liveLeaseHolder } from '../journal/liveLeaseHolder.ts';
import { backUpForFreshStart, backupStamp, journalFileFor } from './journalFor.ts';
import { shadowJournalFileFor } from './shadow/shadowJournalFile.ts';
import { journalOverride } from './standby.ts';

/** The config a run uses: the file's, with the rehearsal mode and journal path the flags give. */
export function runConfig(
  config: PerpflowConfig,
  o: { readonly mode?: 'dry-run' | 'sim'; readonly journal?: string },
): PerpflowConfig {
  return {
    ...config,
    ...(o.mode === undefined ? {} : { mode: o.mode }),
    // A SQLite file or a postgres:// URL in place of the config's journal.
    ...(o.journal === undefined ? {} : { journal: journalOverride(config, o.journal) }),
  };
}

/**
 * `run --fresh`: a dry run (or sim) starts over, its journal and paper account kept as
 * `<file>.<UTC stamp>`, and its shadow's with it. A live journal is the record of real positions: never reset.
 */
export function freshStart(config: PerpflowConfig, clock: Clock): string[] {
  if (config.mode === 'live')
    throw new ConfigError(
      '--fresh starts a dry run or a sim run over; a live journal records real positions and is never reset',
    );
  // Its files would be the SQLite run's, not this one's: the database keeps the journal and paper account.
  if (config.journal.url !== undefined)
    throw new ConfigError(
      '--fresh starts over a journal and paper account kept in files; a PostgreSQL journal keeps both in its database: start over with a new database (or schema)',
    );
  const file = journalFileFor(config.journal.path, config.mode);
  const holder = file === ':memory:' || !existsSync(file) ? undefined : liveLeaseHolder(file, clock.now());
  if (holder !== undefined)
    throw new ConfigError(
      `--fresh: pid ${holder.pid} on ${holder.host} is running on ${file}; stop it before starting over`,
    );
  const stamp = backupStamp(clock.now());
  // A sim bot's shadow starts over with it: a shadow journal kept from the last session would pair
  // against a live journal that no longer has its intents (each one reported as live missed). A
  // dry run is not shadowed: the shadow files beside its config are a live bot's, left alone.
  const shadowed = config.mode === 'sim' && config.shadow.length > 0;
  const shadow = shadowed ? backUpForFreshStart(shadowJournalFileFor(config.journal.path), stamp) : [];
  return [...backUpForFreshStart(file, stamp), ...shadow];
}
