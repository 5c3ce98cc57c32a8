import pg from 'pg';
import { z } from 'zod';
import { ConfigError } from '../../src/errors/ConfigError.ts';
import { pgWhere } from '../../src/journal/postgres/pgWhere.ts';
import type { Point } from './coordinate.ts';
import { TrialState } from './Sampler.ts';
import { outcomeColumns, type StudyStorage, type TrialOutcome } from './studyStorage.ts';
import { type Claim, type StoredTrial, type StudyIdentity, storedTrial } from './studyStore.ts';

/** The advisory-lock class of optimiser owners (a process holds (OWNERS, hash(owner)) while it lives). */
const OWNERS = 46_001;
/** The class of a study's claim lock. */
const CLAIMS = 46_002;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS perpflow_optimize_study (
  name TEXT PRIMARY KEY, config_sha256 TEXT NOT NULL, data_sha256 TEXT NOT NULL, setup TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS perpflow_optimize_trial (
  study TEXT NOT NULL, "number" INTEGER NOT NULL, state TEXT NOT NULL, params TEXT NOT NULL,
  value DOUBLE PRECISION, loss DOUBLE PRECISION, metrics TEXT NOT NULL DEFAULT '{}', owner TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 1, error TEXT, intermediate TEXT NOT NULL DEFAULT '{}',
  PRIMARY KEY (study, "number")
);`;

/**
 * A study in PostgreSQL, for studies that several machines share. The rules are the SQLite
 * store's: a trial is claimed in one transaction (under the study's advisory lock) before it runs,
 * and finished only by its owner. An owner is alive while its database session is: each process
 * holds a session advisory lock named after it, which PostgreSQL drops when the process dies
 * (kill -9, a lost machine: when its connection closes). A claim takes over a running trial whose
 * owner's lock is free, with its recorded params.
 */
export class PgStudyStore implements StudyStorage {
  readonly #client: pg.Client;
  readonly #name: string;

  private constructor(client: pg.Client, name: string) {
    this.#client = client;
    this.#name = name;
  }

  static async open(url: string, identity: StudyIdentity, owner: string): Promise<PgStudyStore> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    try {
      await client.connect();
    } catch (error) {
      throw new ConfigError(
        `--storage ${pgWhere(url)}: cannot connect (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1, 0)', [CLAIMS]);
      await client.query(SCHEMA);
      const found = await client.query(
        'SELECT config_sha256, data_sha256, setup FROM perpflow_optimize_study WHERE name = $1',
        [identity.name],
      );
      const row =
        found.rows[0] === undefined
          ? undefined
          : z
              .object({ config_sha256: z.string(), data_sha256: z.string(), setup: z.string() })
              .parse(found.rows[0]);
      if (row === undefined)
        await client.query(
          'INSERT INTO perpflow_optimize_study (name, config_sha256, data_sha256, setup) VALUES ($1, $2, $3, $4)',
          [identity.name, identity.configSha256, identity.dataSha256, identity.setup],
        );
      await client.query('COMMIT');
      const changed = [
        row !== undefined && row.config_sha256 !== identity.configSha256 ? 'the config file' : '',
        row !== undefined && row.data_sha256 !== identity.dataSha256 ? 'the data files' : '',
        row !== undefined && row.setup !== identity.setup
          ? 'the search space, sampler, objective, seed or split'
          : '',
      ].filter((s) => s !== '');
      if (changed.length > 0)
        throw new ConfigError(
          `--study ${identity.name}: the study in ${pgWhere(url)} was made with other inputs (${changed.join(', ')} differ); resume it with the same ones or name a new study`,
        );
      await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [OWNERS, owner]);
      return new PgStudyStore(client, identity.name);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      await client.end().catch(() => {});
      throw error;
    }
  }

  async trials(): Promise<readonly StoredTrial[]> {
    const r = await this.#client.query(
      'SELECT * FROM perpflow_optimize_trial WHERE study = $1 ORDER BY "number"',
      [this.#name],
    );
    return r.rows.map(storedTrial);
  }

  /** Whether the owner's session is gone: its lock can be taken (and is given back at once). */
  async #gone(owner: string): Promise<boolean> {
    const r = await this.#client.query('SELECT pg_try_advisory_lock($1, hashtext($2)) AS free', [
      OWNERS,
      owner,
    ]);
    const free = r.rows[0]?.free === true;
    if (free) await this.#client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [OWNERS, owner]);
    return free;
  }

  async claim(
    owner: string,
    target: number,
    sample: (trials: readonly StoredTrial[], number: number) => Point,
  ): Promise<Claim | undefined> {
    const c = this.#client;
    await c.query('BEGIN');
    try {
      await c.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [CLAIMS, this.#name]);
      const trials = await this.trials();
      let claim: Claim | undefined;
      for (const t of trials) {
        if (t.state !== TrialState.running || t.owner === owner || !(await this.#gone(t.owner))) continue;
        await c.query(
          'UPDATE perpflow_optimize_trial SET owner = $1, attempts = attempts + 1 WHERE study = $2 AND "number" = $3',
          [owner, this.#name, t.number],
        );
        claim = { number: t.number, point: t.point, attempts: t.attempts + 1, reclaimed: true };
        break;
      }
      if (claim === undefined && trials.length < target) {
        const number = trials.length;
        const point = sample(trials, number);
        await c.query(
          'INSERT INTO perpflow_optimize_trial (study, "number", state, params, owner) VALUES ($1, $2, $3, $4, $5)',
          [this.#name, number, TrialState.running, JSON.stringify(point), owner],
        );
        claim = { number, point, attempts: 1, reclaimed: false };
      }
      await c.query('COMMIT');
      return claim;
    } catch (error) {
      await c.query('ROLLBACK').catch(() => {});
      throw error;
    }
  }

  async finish(number: number, owner: string, outcome: TrialOutcome): Promise<boolean> {
    const r = await this.#client.query(
      'UPDATE perpflow_optimize_trial SET state = $1, value = $2, loss = $3, metrics = $4, error = $5, intermediate = $6 WHERE study = $7 AND "number" = $8 AND owner = $9 AND state = $10',
      [...outcomeColumns(outcome), this.#name, number, owner, TrialState.running],
    );
    return r.rowCount === 1;
  }

  async close(): Promise<void> {
    await this.#client.end();
  }
}
