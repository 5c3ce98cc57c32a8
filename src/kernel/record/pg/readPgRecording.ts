import pg from 'pg';
import { ConfigError } from '../../../errors/ConfigError.ts';
import { pgTypes } from '../../../journal/postgres/pgTypes.ts';
import { pgWhere } from '../../../journal/postgres/pgWhere.ts';
import { describeError } from '../../../log/redact.ts';
import { type Segment, segmentsOf } from '../readRecording.ts';
import { recordingBytesText } from '../recordingText.ts';

/** One segment of a PostgreSQL recording, as `perpflow record list` shows it. */
export interface PgSegmentInfo {
  readonly scope: string;
  readonly segment: string;
  readonly from: number;
  readonly to: number;
  readonly batches: number;
  readonly bytes: number;
}

export interface PgRecordingQuery {
  /** The lease scope; needed only when the database holds the recordings of several. */
  readonly scope?: string;
  /** Only this segment (a name `perpflow record list` shows). */
  readonly segment?: string;
}

/** Runs `fn` on a connection to `url`; a failure names the database without its password. */
async function onDatabase<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const where = pgWhere(url);
  const client = new pg.Client({ connectionString: url, types: pgTypes, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    return await fn(client);
  } catch (e) {
    if (e instanceof ConfigError) throw e;
    throw new ConfigError(`cannot read the recording in ${where}: ${describeError(e)}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Every segment recorded in the database, in time order. */
export function listPgRecording(url: string): Promise<PgSegmentInfo[]> {
  return onDatabase(url, async (c) => {
    const res = await c.query<{ scope: string; segment: string; f: number; t: number; n: number; b: number }>(
      `SELECT s.scope, s.name AS segment, min(r.at) AS f, max(r.at) AS t, count(*)::int AS n,
         sum(length(r.lines))::int8 AS b
       FROM perpflow_recording_segments s JOIN perpflow_recording r ON r.segment = s.id
       GROUP BY s.scope, s.name ORDER BY s.scope, s.name`,
    );
    return res.rows.map((r) => ({
      scope: r.scope,
      segment: r.segment,
      from: r.f,
      to: r.t,
      batches: r.n,
      bytes: Number(r.b),
    }));
  });
}

/** The scope asked for, or the only one recorded. */
async function scopeOf(c: pg.Client, where: string, asked: string | undefined): Promise<string> {
  const res = await c.query<{ scope: string }>(
    'SELECT DISTINCT scope FROM perpflow_recording_segments ORDER BY scope',
  );
  const scopes = res.rows.map((r) => r.scope);
  if (asked !== undefined) {
    if (!scopes.includes(asked)) throw new ConfigError(`no recording of scope ${asked} in ${where}`);
    return asked;
  }
  const [only, ...more] = scopes;
  if (only === undefined) throw new ConfigError(`no recording in ${where}`);
  if (more.length > 0)
    throw new ConfigError(`${where} holds the recordings of ${scopes.join(', ')}: say which with --scope`);
  return only;
}

/**
 * A PostgreSQL recording read into its process runs, as readRecording reads files: each segment's
 * batches concatenated in order, up to the first one missing (a batch whose append failed ended
 * its segment, so none follows it), then read as the segment's gzip stream.
 */
export function readPgRecording(url: string, q: PgRecordingQuery = {}): Promise<Segment[]> {
  const where = pgWhere(url);
  return onDatabase(url, async (c) => {
    const scope = await scopeOf(c, where, q.scope);
    const res = await c.query<{ segment: string; seq: number; lines: Buffer }>(
      `SELECT s.name AS segment, r.seq, r.lines
       FROM perpflow_recording_segments s JOIN perpflow_recording r ON r.segment = s.id
       WHERE s.scope = $1 AND ($2::text IS NULL OR s.name = $2) ORDER BY s.name, r.seq`,
      [scope, q.segment ?? null],
    );
    const batches = new Map<string, Buffer[]>();
    for (const r of res.rows) {
      const list = batches.get(r.segment) ?? [];
      if (list.length === r.seq) list.push(r.lines);
      batches.set(r.segment, list);
    }
    if (batches.size === 0) throw new ConfigError(`no segment ${q.segment} of ${scope} in ${where}`);
    return segmentsOf(
      [...batches].map(([name, list]) => ({
        name: `${where} ${scope} ${name}`,
        text: () => recordingBytesText(Buffer.concat(list)),
      })),
    );
  });
}
