import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { constants, gunzipSync } from 'node:zlib';

const GZIP_MAGIC = [0x1f, 0x8b];
const GZIP_HEADER_BYTES = 10;

function startsGzip(bytes: Uint8Array): boolean {
  return bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
}

/** Whether the file at `path` is gzip (by its first two bytes, whatever its name). */
export function isGzip(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(2);
    readSync(fd, head, 0, 2, 0);
    return startsGzip(head);
  } finally {
    closeSync(fd);
  }
}

/**
 * A recording file's text: gzip (RecordFile's, or one an older version gzipped at rotation) or
 * plain (an older version's). A gzip stream a kill cut short has no end: it is read up to where
 * it stops (finishFlush Z_SYNC_FLUSH instead of an "unexpected end of file"), every batch
 * RecordFile flushed whole; the cut line after them is readRecording's to drop.
 */
export function recordingText(file: string): string {
  return recordingBytesText(readFileSync(file));
}

/** The text of a recording's bytes: a file's, or a PostgreSQL segment's rows concatenated. */
export function recordingBytesText(bytes: Buffer): string {
  if (!startsGzip(bytes)) return bytes.toString('utf8');
  // Cut inside the gzip header (killed before its first batch was on disk): nothing recorded.
  if (bytes.length < GZIP_HEADER_BYTES) return '';
  return gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
}
