import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Mode } from '../config/schema.ts';

/**
 * The journal file of a run: a dry run keeps its own (`x.sqlite` → `x.dry-run.sqlite`), so
 * rehearsals never mix with live records. A venue that lives only as long as this process (the
 * embedded simulator) starts empty, so its journal starts empty too; the last one is kept as
 * `<file>.previous` for `perpflow status --journal`.
 */
export function journalFor(path: string, mode: Mode, ephemeralVenue: boolean): string {
  if (path === ':memory:') return path;
  const file = mode === 'dry-run' ? path.replace(/(\.sqlite)?$/, '.dry-run.sqlite') : path;
  mkdirSync(dirname(file), { recursive: true });
  if (ephemeralVenue && existsSync(file)) {
    // The WAL travels with its database (SQLite names it after the file), so nothing committed is lost.
    for (const suffix of ['', '-wal', '-shm']) {
      rmSync(`${file}.previous${suffix}`, { force: true });
      if (existsSync(`${file}${suffix}`)) renameSync(`${file}${suffix}`, `${file}.previous${suffix}`);
    }
  }
  return file;
}
