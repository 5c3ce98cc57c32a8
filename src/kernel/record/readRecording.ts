import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ConfigError } from '../../errors/ConfigError.ts';
import { decodeValue } from './recordCodec.ts';
import { recordingText } from './recordingText.ts';
import { RECORDING_VERSION, type RecordHeader, type RecordLine } from './recordLines.ts';

/** One process's run: its header and every line it wrote, in file order. */
export interface Segment {
  readonly header: RecordHeader;
  readonly lines: readonly RecordLine[];
  /** The clock time of the last thing it recorded (a call's answer counts at its end). */
  readonly end: number;
  /** When its orderly stop began; undefined when it ended otherwise (killed). */
  readonly stoppedAt: number | undefined;
}

/**
 * The files of a recording in time order: the ones rotation set aside (`<path>.<stamp>[.gz]`),
 * then the file itself.
 */
export function recordingFiles(path: string): string[] {
  const dir = dirname(path);
  const base = basename(path);
  const aside = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.startsWith(`${base}.`) && /\.\d{4}-\d\d-\d\dT[\d-]+Z(\.gz)?$/.test(f))
        .sort()
        .map((f) => join(dir, f))
    : [];
  return existsSync(path) ? [...aside, path] : aside;
}

/**
 * Reads a recording file into its segments (one per process start; a rotated file's repeated header
 * continues the segment). A last line cut short by a killed process is dropped; any other line
 * that does not parse is a ConfigError naming the file and line.
 */
export function readRecording(path: string): Segment[] {
  const files = recordingFiles(path);
  if (files.length === 0) throw new ConfigError(`no recording at ${path}`);
  return segmentsOf(files.map((file) => ({ name: file, text: () => recordingText(file) })));
}

/**
 * The process runs of a recording's parts in time order (its files, or its PostgreSQL segments),
 * each named in errors by `name`.
 */
export function segmentsOf(
  parts: readonly { readonly name: string; readonly text: () => string }[],
): Segment[] {
  const segments: { header: RecordHeader; lines: RecordLine[] }[] = [];
  for (const { name: file, text } of parts) {
    const rows = text().split('\n');
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] ?? '';
      if (row === '') continue;
      let line: RecordLine;
      try {
        line = decodeValue<RecordLine>(row);
      } catch {
        // Cut short by a kill: the last line, or one the next process's header follows.
        if (i >= rows.length - 2) break;
        if ((rows[i + 1] ?? '').startsWith('{"k":"h"')) continue;
        throw new ConfigError(`${file}:${i + 1}: not a recording line`);
      }
      if (line.k === 'h') {
        // An older perpflow would replay a newer recording's lines it does not know as if absent.
        if (line.v > RECORDING_VERSION)
          throw new ConfigError(
            `${file}:${i + 1}: recording version ${line.v}, newer than this perpflow reads (${RECORDING_VERSION}): upgrade perpflow`,
          );
        if (line.cont !== true || segments.length === 0) segments.push({ header: line, lines: [] });
        continue;
      }
      const current = segments.at(-1);
      if (current === undefined)
        throw new ConfigError(`${file}:${i + 1}: a recording line before any header`);
      current.lines.push(line);
    }
  }
  return segments.map((s) => {
    let end = s.header.t;
    for (const l of s.lines) end = Math.max(end, l.t + ('d' in l ? l.d : 0));
    return { ...s, end, stoppedAt: s.lines.find((l) => l.k === 's')?.t };
  });
}
