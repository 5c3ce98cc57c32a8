import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Mode } from '../config/schema.ts';
import { liveLeaseHolder } from '../journal/liveLeaseHolder.ts';

/** SQLite keeps a database's WAL and shared memory beside it, named after it. */
const SQLITE_SUFFIXES = ['', '-wal', '-shm'] as const;

/** The journal file of a mode: a dry run keeps its own (`x.sqlite` → `x.dry-run.sqlite`). */
export function journalFileFor(path: string, mode: Mode): string {
  if (path === ':memory:') return path;
  return mode === 'dry-run' ? path.replace(/(\.sqlite)?$/, '.dry-run.sqlite') : path;
}

/** The paper account of a dry run, beside its journal: the two continue together. */
export function paperAccountFileFor(journalFile: string): string | undefined {
  return journalFile === ':memory:' ? undefined : journalFile.replace(/(\.sqlite)?$/, '.paper.json');
}

/**
 * The journal file of a run: a dry run keeps its own, so rehearsals never mix with live records,
 * and continues it across restarts with its paper account (a crash is reconciled on the next
 * start, as live). In sim mode a venue that lives only as long as this process (the embedded
 * simulator) starts empty, so its journal starts empty too; the last one is kept as
 * `<file>.previous` for `perpflow status --journal`. A journal a live bot holds is left where it
 * is (its lease then refuses this start): a refused start must change nothing of the running bot's.
 */
export function journalFor(path: string, mode: Mode, ephemeralVenue: boolean, now: number): string {
  const file = journalFileFor(path, mode);
  if (file === ':memory:') return file;
  mkdirSync(dirname(file), { recursive: true });
  if (ephemeralVenue && mode !== 'dry-run' && existsSync(file) && liveLeaseHolder(file, now) === undefined) {
    // The WAL travels with its database (SQLite names it after the file), so nothing committed is lost.
    for (const suffix of SQLITE_SUFFIXES) {
      rmSync(`${file}.previous${suffix}`, { force: true });
      if (existsSync(`${file}${suffix}`)) renameSync(`${file}${suffix}`, `${file}.previous${suffix}`);
    }
  }
  return file;
}

/** The UTC time a backup is named by (`<file>.<stamp>`): an ISO time with `:` and `.` made `-`. */
export function backupStamp(now: number): string {
  return new Date(now).toISOString().replace(/[:.]/g, '-');
}

/**
 * `run --fresh`: moves a dry run's journal and paper account aside as `<file>.<stamp>` backups, so
 * the run starts over and nothing is lost. Returns the backups made (none when there was nothing).
 */
export function backUpForFreshStart(journalFile: string, stamp: string): string[] {
  if (journalFile === ':memory:') return [];
  const moved: string[] = [];
  const paper = paperAccountFileFor(journalFile);
  const files = [
    ...SQLITE_SUFFIXES.map((s) => `${journalFile}${s}`),
    ...(paper === undefined ? [] : [paper]),
  ];
  for (const file of files) {
    if (!existsSync(file)) continue;
    const backup = `${file}.${stamp}`;
    renameSync(file, backup);
    moved.push(backup);
  }
  return moved;
}
