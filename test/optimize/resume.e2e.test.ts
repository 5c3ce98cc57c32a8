import { spawn } from 'node:child_process';
import { type FSWatcher, mkdtempSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONFIG, GOOG, MAIN, NODE, perpflow } from './support/optimizeCli.ts';

const dir = mkdtempSync(join(tmpdir(), 'perpflow-optimize-resume-'));
const storage = join(dir, 'studies.sqlite');
const TRIALS = 60;
const args = (study: string) => [
  CONFIG,
  '--data',
  GOOG,
  '--to',
  '2007-01-01',
  '--trials',
  String(TRIALS),
  '--study',
  study,
  '--storage',
  storage,
  '--json',
];

const row = z.object({
  number: z.number(),
  state: z.string(),
  params: z.string(),
  value: z.number().nullable(),
  attempts: z.number(),
});

function trials(study: string): z.output<typeof row>[] {
  const db = new DatabaseSync(storage, { readOnly: true });
  try {
    return db
      .prepare('SELECT number, state, params, value, attempts FROM trial WHERE study = ? ORDER BY number')
      .all(study)
      .map((r) => row.parse(r));
  } finally {
    db.close();
  }
}

/** Starts a study and kills it with SIGKILL once it has finished `after` trials (told by the file's changes). */
async function killMidStudy(study: string, after: number): Promise<void> {
  const child = spawn(NODE, [MAIN, 'optimize', ...args(study)], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let watcher: FSWatcher | undefined;
  await new Promise<void>((resolve) => {
    watcher = watch(dir, () => {
      let done = 0;
      try {
        done = trials(study).filter((t) => t.state === 'complete').length;
      } catch {
        return; // the file is being created
      }
      if (done >= after) {
        child.kill('SIGKILL');
        resolve();
      }
    });
  });
  watcher?.close();
  await exited;
}

describe('a study killed with SIGKILL', () => {
  it('resumes with no trial lost or run twice: the same trials and values as a study never interrupted', async () => {
    await killMidStudy('killed', 5);
    const atKill = trials('killed');
    expect(atKill.length).toBeLessThan(TRIALS);
    const orphans = atKill.filter((t) => t.state === 'running');
    expect(orphans.length).toBeLessThanOrEqual(1);

    const resumed = await perpflow(args('killed'));
    expect(resumed.code).toBe(0);
    const after = trials('killed');
    const whole = await perpflow(args('whole'));
    expect(whole.code).toBe(0);
    const reference = trials('whole');

    expect(after.map((t) => t.number)).toEqual([...Array(TRIALS).keys()]);
    expect(after.every((t) => t.state === 'complete')).toBe(true);
    // Each trial number has the point and value it has in the uninterrupted study.
    expect(after.map((t) => [t.params, t.value])).toEqual(reference.map((t) => [t.params, t.value]));
    // What finished before the kill was kept, not run again; the trial the kill cut short was
    // run once more, with the params it was claimed with.
    for (const t of atKill) {
      const now = after[t.number];
      expect(now?.params).toBe(t.params);
      expect(now?.attempts).toBe(t.state === 'running' ? 2 : 1);
    }
    expect(after.filter((t) => t.attempts !== 1).length).toBe(orphans.length);
  }, 60_000);
});
