import { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { ConfigError } from '../../src/errors/ConfigError.ts';
import type { Point } from './coordinate.ts';
import { TrialState, type TrialView } from './Sampler.ts';
import { outcomeColumns, type TrialOutcome } from './studyStorage.ts';

/** What makes a study the same study: resuming with any of it changed is refused. */
export interface StudyIdentity {
  readonly name: string;
  readonly configSha256: string;
  readonly dataSha256: string;
  /** The search space, sampler, objective, seed and split, as one JSON text. */
  readonly setup: string;
}

export interface StoredTrial {
  readonly number: number;
  readonly state: TrialState;
  readonly point: Point;
  /** The objective's value (null: the run gave no figure, or it has not finished). */
  readonly value: number | null;
  readonly loss: number | null;
  readonly metrics: Readonly<Record<string, number | null>>;
  readonly owner: string;
  readonly attempts: number;
  readonly error: string | null;
  /** Intermediate losses by checkpoint (the pruner's). */
  readonly intermediate: Readonly<Record<string, number>>;
}

/** A trial this process now owns: a new one, or one a dead process left running. */
export interface Claim {
  readonly number: number;
  readonly point: Point;
  readonly attempts: number;
  readonly reclaimed: boolean;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS study (
  name TEXT PRIMARY KEY, config_sha256 TEXT NOT NULL, data_sha256 TEXT NOT NULL, setup TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS trial (
  study TEXT NOT NULL, number INTEGER NOT NULL, state TEXT NOT NULL, params TEXT NOT NULL,
  value REAL, loss REAL, metrics TEXT NOT NULL DEFAULT '{}', owner TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 1, error TEXT, intermediate TEXT NOT NULL DEFAULT '{}',
  PRIMARY KEY (study, number)
);`;

const json = <T extends z.ZodType>(schema: T) => z.string().transform((s) => schema.parse(JSON.parse(s)));

/** A trial row as written by this module, checked on the way back in. */
const rowSchema = z.object({
  number: z.number(),
  state: z.enum([TrialState.running, TrialState.complete, TrialState.pruned, TrialState.failed]),
  params: json(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))),
  value: z.number().nullable(),
  loss: z.number().nullable(),
  metrics: json(z.record(z.string(), z.number().nullable())),
  owner: z.string(),
  attempts: z.number(),
  error: z.string().nullable(),
  intermediate: json(z.record(z.string(), z.number())),
});

/** A trial row (SQLite's or PostgreSQL's) checked and parsed. */
export const storedTrial = (row: unknown): StoredTrial => {
  const r = rowSchema.parse(row);
  return { ...r, point: r.params };
};

/** A trial as the sampler sees it: a complete trial without a loss ranks last (+Infinity). */
export const trialView = (t: StoredTrial): TrialView => ({
  number: t.number,
  state: t.state,
  point: t.point,
  ...(t.state === TrialState.running || t.state === TrialState.failed
    ? {}
    : { loss: t.loss ?? Number.POSITIVE_INFINITY }),
});

/**
 * A study's trials in SQLite (node:sqlite, WAL). Every trial is claimed in one write transaction
 * (BEGIN IMMEDIATE) before it runs, and finished only by its owner: so processes sharing the file
 * never run one trial number twice, and a kill at any moment loses nothing. The rule for a trial
 * left `running` by a process that is gone (kill -9, a crash): the next claim in any process of
 * the study takes it over first, with its recorded params, and runs it again (`attempts` + 1);
 * its result is written once, by whoever owns it then.
 */
export class StudyStore {
  readonly #db: DatabaseSync;
  readonly #name: string;

  private constructor(db: DatabaseSync, name: string) {
    this.#db = db;
    this.#name = name;
  }

  /** Opens (or creates) the study; refuses a study of that name made from other inputs. */
  static open(file: string, identity: StudyIdentity): StudyStore {
    const db = new DatabaseSync(file);
    db.exec('PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA busy_timeout=10000;');
    db.exec(SCHEMA);
    const found = db
      .prepare('SELECT config_sha256, data_sha256, setup FROM study WHERE name = ?')
      .get(identity.name);
    const row =
      found === undefined
        ? undefined
        : z.object({ config_sha256: z.string(), data_sha256: z.string(), setup: z.string() }).parse(found);
    if (row === undefined) {
      db.prepare('INSERT INTO study (name, config_sha256, data_sha256, setup) VALUES (?, ?, ?, ?)').run(
        identity.name,
        identity.configSha256,
        identity.dataSha256,
        identity.setup,
      );
    } else {
      const changed = [
        row.config_sha256 !== identity.configSha256 ? 'the config file' : '',
        row.data_sha256 !== identity.dataSha256 ? 'the data files' : '',
        row.setup !== identity.setup ? 'the search space, sampler, objective, seed or split' : '',
      ].filter((s) => s !== '');
      if (changed.length > 0) {
        db.close();
        throw new ConfigError(
          `--study ${identity.name}: the study in ${file} was made with other inputs (${changed.join(', ')} differ); resume it with the same ones or name a new study`,
        );
      }
    }
    return new StudyStore(db, identity.name);
  }

  trials(): StoredTrial[] {
    return this.#db
      .prepare('SELECT * FROM trial WHERE study = ? ORDER BY number')
      .all(this.#name)
      .map(storedTrial);
  }

  /**
   * Claims the next trial for `owner`: one a dead owner left running (`isGone`), else a new one
   * numbered after the last with the point `sample` proposes from every trial so far — unless the
   * study already has `target` trials.
   */
  claim(
    owner: string,
    target: number,
    isGone: (owner: string) => boolean,
    sample: (trials: readonly StoredTrial[], number: number) => Point,
  ): Claim | undefined {
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      const trials = this.trials();
      const orphan = trials.find(
        (t) => t.state === TrialState.running && t.owner !== owner && isGone(t.owner),
      );
      let claim: Claim | undefined;
      if (orphan !== undefined) {
        this.#db
          .prepare('UPDATE trial SET owner = ?, attempts = attempts + 1 WHERE study = ? AND number = ?')
          .run(owner, this.#name, orphan.number);
        claim = {
          number: orphan.number,
          point: orphan.point,
          attempts: orphan.attempts + 1,
          reclaimed: true,
        };
      } else if (trials.length < target) {
        const number = trials.length;
        const point = sample(trials, number);
        this.#db
          .prepare('INSERT INTO trial (study, number, state, params, owner) VALUES (?, ?, ?, ?, ?)')
          .run(this.#name, number, TrialState.running, JSON.stringify(point), owner);
        claim = { number, point, attempts: 1, reclaimed: false };
      }
      this.#db.exec('COMMIT');
      return claim;
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
  }

  /** Writes a trial's outcome, if `owner` still owns it and it is still running. */
  finish(number: number, owner: string, outcome: TrialOutcome): boolean {
    const r = this.#db
      .prepare(
        'UPDATE trial SET state = ?, value = ?, loss = ?, metrics = ?, error = ?, intermediate = ? WHERE study = ? AND number = ? AND owner = ? AND state = ?',
      )
      .run(...outcomeColumns(outcome), this.#name, number, owner, TrialState.running);
    return Number(r.changes) === 1;
  }

  close(): void {
    this.#db.close();
  }
}
