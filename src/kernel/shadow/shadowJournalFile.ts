import { existsSync, renameSync, rmSync } from 'node:fs';
import { journalFileFor, paperAccountFileFor } from '../journalFor.ts';

/** The journal path a shadow's config names, beside live's: `x.sqlite` → `x.shadow.sqlite`. */
export function shadowJournalPathFor(liveJournalPath: string): string {
  // A journal in memory has a shadow in memory: nothing outlives the process.
  if (liveJournalPath === ':memory:') return liveJournalPath;
  return liveJournalPath.replace(/(\.sqlite)?$/, '.shadow.sqlite');
}

/**
 * The file a shadow journals to: a shadow is a dry run, and keeps a dry run's name for it
 * (`x.shadow.dry-run.sqlite`), its paper account beside it.
 */
export function shadowJournalFileFor(liveJournalPath: string): string {
  return journalFileFor(shadowJournalPathFor(liveJournalPath), 'dry-run');
}

/**
 * Starts a shadow afresh, as its live journal does when the venue lives only as long as the
 * process (sim mode): the last shadow's files are kept as `<file>.previous`, so the two journals
 * always cover the same session.
 */
export function setShadowAside(file: string): void {
  const paper = paperAccountFileFor(file);
  const files = [file, `${file}-wal`, `${file}-shm`, ...(paper === undefined ? [] : [paper])];
  for (const f of files) {
    rmSync(`${f}.previous`, { force: true });
    if (existsSync(f)) renameSync(f, `${f}.previous`);
  }
}
