/**
 * Schema version 3: the session recording of a PostgreSQL journal (`perpflow replay`), kept in
 * the database the journal is in rather than in a file beside nothing.
 *
 * A row of `perpflow_recording` is one batch: the bytes one sync flush of its segment's gzip
 * stream produced (PgRecordSink), so the rows of a segment, concatenated in `seq` order, are one
 * gzip stream that decompresses up to its last whole row, as a recording file does up to its last
 * whole batch. A segment is what a recording file is: one process's run, cut anew at each UTC day
 * and past `record.maxBytes`. Its scope, name and token are in `perpflow_recording_segments`, once:
 * a batch row carries only its segment's number, the rows being many and most of them a few dozen
 * bytes of lines (a row's fixed cost in PostgreSQL is about 30 bytes, its index entry 20 more).
 *
 * `perpflow_record` appends a batch under the lease's fencing token, checked as `perpflow_commit`
 * checks it (FOR SHARE on the lease row): an active that was fenced off cannot append after a
 * standby took over, so a segment never interleaves two processes' lines.
 */
export const RECORDING_MIGRATION = `
CREATE TABLE perpflow_recording_segments (
  id BIGSERIAL PRIMARY KEY, scope TEXT NOT NULL, name TEXT NOT NULL, token BIGINT NOT NULL,
  UNIQUE (scope, name)
);
CREATE TABLE perpflow_recording (
  segment BIGINT NOT NULL REFERENCES perpflow_recording_segments(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL, at BIGINT NOT NULL, lines BYTEA NOT NULL,
  PRIMARY KEY (segment, seq)
);
CREATE FUNCTION perpflow_record(p_scope TEXT, p_token BIGINT, p_segment TEXT, p_seq INTEGER, p_at BIGINT, p_lines BYTEA)
RETURNS VOID LANGUAGE plpgsql AS $fn$
DECLARE
  current_token BIGINT;
  segment_id BIGINT;
BEGIN
  SELECT token INTO current_token FROM perpflow_lease WHERE scope = p_scope FOR SHARE;
  IF current_token IS DISTINCT FROM p_token THEN
    RAISE EXCEPTION 'stale fencing token % for %: the lease is now at token %', p_token, p_scope, current_token
      USING ERRCODE = 'PF001';
  END IF;
  SELECT id INTO segment_id FROM perpflow_recording_segments WHERE scope = p_scope AND name = p_segment;
  IF segment_id IS NULL THEN
    INSERT INTO perpflow_recording_segments(scope, name, token) VALUES (p_scope, p_segment, p_token)
      RETURNING id INTO segment_id;
  END IF;
  INSERT INTO perpflow_recording(segment, seq, at, lines) VALUES (segment_id, p_seq, p_at, p_lines);
END
$fn$;
`;
