import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastConfig, perpflow, tempDir, until } from '../run/runHarness.ts';

/** The file as it is: its bytes and its inode (a save renames a new file over it). */
function fileState(file: string): { text: string; inode: number; mtimeMs: number } {
  const s = statSync(file);
  return { text: readFileSync(file, 'utf8'), inode: s.ino, mtimeMs: s.mtimeMs };
}

describe('a second dry run on a journal another bot holds', () => {
  it("is refused before it reads or writes anything of the running bot's: its paper account stays as it was", async () => {
    const dir = tempDir();
    const cfg = fastConfig(dir, { mode: 'dry-run' });
    const env = { PERPFLOW_HOST_DIR: join(dir, 'host') };
    const first = perpflow(['run', cfg], process.cwd(), env);
    await until(() => first.count(/ status: http/) >= 1, 45_000, 'the first bot to start', first);
    // Frozen, the first bot still holds the lease (its process is alive) but saves nothing itself.
    first.child.kill('SIGSTOP');
    try {
      const paper = join(dir, 'journal.dry-run.paper.json');
      const before = fileState(paper);
      const second = perpflow(['run', cfg], process.cwd(), env);
      expect(await second.exited).toBe(2);
      expect(second.lines.join('\n')).toMatch(/holds the journal lease .*refusing to start/);
      expect(fileState(paper)).toEqual(before);
    } finally {
      first.child.kill('SIGCONT');
    }
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
  }, 120_000);

  it("is refused before it sets aside the running bot's journal, even when that bot's paper account file is gone", async () => {
    const dir = tempDir();
    const cfg = fastConfig(dir, { mode: 'dry-run' });
    const env = { PERPFLOW_HOST_DIR: join(dir, 'host') };
    const first = perpflow(['run', cfg], process.cwd(), env);
    await until(() => first.count(/ status: http/) >= 1, 45_000, 'the first bot to start', first);
    first.child.kill('SIGSTOP');
    const journal = join(dir, 'journal.dry-run.sqlite');
    rmSync(join(dir, 'journal.dry-run.paper.json'));
    const inode = statSync(journal).ino;
    const second = perpflow(['run', cfg], process.cwd(), env);
    try {
      await until(
        () => second.child.exitCode !== null || second.count(/ status: http/) >= 1,
        45_000,
        'the second start to end or run',
        second,
      );
      expect(second.lines.join('\n')).toMatch(/holds the journal lease .*refusing to start/);
      expect(statSync(journal).ino).toBe(inode);
      expect(readdirSync(dir).filter((f) => f.startsWith('journal.dry-run.sqlite.'))).toEqual([]);
    } finally {
      if (second.child.exitCode === null) second.child.kill('SIGKILL');
      first.child.kill('SIGCONT');
    }
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
  }, 120_000);

  it('run --fresh while a bot runs on the journal is refused (exit 2) and moves nothing aside', async () => {
    const dir = tempDir();
    const cfg = fastConfig(dir, { mode: 'dry-run' });
    const env = { PERPFLOW_HOST_DIR: join(dir, 'host') };
    const first = perpflow(['run', cfg], process.cwd(), env);
    await until(() => first.count(/ status: http/) >= 1, 45_000, 'the first bot to start', first);
    first.child.kill('SIGSTOP');
    try {
      const files = readdirSync(dir).sort();
      const fresh = perpflow(['run', cfg, '--fresh'], process.cwd(), env);
      await until(
        () => fresh.child.exitCode !== null || fresh.count(/ status: http/) >= 1,
        45_000,
        'the fresh start to end or run',
        fresh,
      );
      if (fresh.child.exitCode === null) fresh.child.kill('SIGKILL');
      expect(await fresh.exited).toBe(2);
      expect(fresh.lines.join('\n')).toMatch(
        /--fresh: pid \d+ on .* is running on .*journal\.dry-run\.sqlite; stop it/,
      );
      expect(readdirSync(dir).sort()).toEqual(files);
    } finally {
      first.child.kill('SIGCONT');
    }
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
  }, 120_000);
});
