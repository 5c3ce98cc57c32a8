import { closeSync, mkdtempSync, openSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { openJournal } from '../../src/journal/openJournal.ts';
import { perpflowOutput } from '../run/runHarness.ts';

const perpflow = (args: readonly string[], env: Record<string, string>) =>
  perpflowOutput(args, undefined, env);

/**
 * A journal damaged the way a disk or a torn copy damages one: the `transitions` table's root page
 * overwritten. Its meta table still reads, so `halt` latches and a careless `status` answers.
 */
function damagedJournal(dir: string, name: string): string {
  const path = join(dir, name);
  openJournal({ path, clock: new VirtualClock() }).journal.close();
  const db = new DatabaseSync(path);
  const { rootpage } = db.prepare("SELECT rootpage FROM sqlite_master WHERE name='transitions'").get() as {
    rootpage: number;
  };
  const pageSize = Number(db.prepare('PRAGMA page_size').get()?.page_size);
  db.close();
  const fd = openSync(path, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (rootpage - 1) * pageSize);
  closeSync(fd);
  return path;
}

describe('a corrupt journal', () => {
  it('status of a corrupt dry-run journal says corrupt, exits 2 and names the recover command', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-corrupt-'));
    const path = damagedJournal(dir, 'journal.dry-run.sqlite');
    const r = await perpflow(['status', '--journal', path], { PERPFLOW_HOST_DIR: join(dir, 'host') });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`error: the journal ${path} is corrupt (`);
    expect(r.stderr).toContain(`run: perpflow journal recover ${path}\n`);
  });

  it('a halt latched in a corrupt journal survives `journal recover`', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-corrupt-'));
    const env = { PERPFLOW_HOST_DIR: join(dir, 'host') };
    const path = damagedJournal(dir, 'journal.sqlite');
    const halt = await perpflow(['halt', '--journal', path, '--reason', 'drill'], env);
    expect(halt.stdout).toContain(`halted in ${path}: latched for its next start`);
    const recover = await perpflow(['journal', 'recover', path, '--json'], env);
    expect(recover.code).toBe(0);
    expect(JSON.parse(recover.stdout)).toMatchObject({ journal: path, tradingState: 'halted' });
    const status = await perpflow(['status', '--json', '--journal', path], env);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({
      tradingState: 'halted',
      reason: 'drill; kept through journal recover',
    });
  });

  it('a recovered journal with no halt latched starts halted until resume', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-corrupt-'));
    const env = { PERPFLOW_HOST_DIR: join(dir, 'host') };
    const path = damagedJournal(dir, 'journal.sqlite');
    expect((await perpflow(['journal', 'recover', path], env)).code).toBe(0);
    const status = await perpflow(['status', '--json', '--journal', path], env);
    expect(JSON.parse(status.stdout)).toMatchObject({
      tradingState: 'halted',
      reason: 'recovered from a corrupt journal: check the adopted positions, then perpflow resume',
    });
  });
});
