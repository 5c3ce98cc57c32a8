import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastConfig, perpflow, tempDir, until } from '../run/runHarness.ts';

describe('a second sim-mode start on a journal another bot holds', () => {
  it("is refused by the lease (exit 2) with the running bot's journal left in place, not renamed to .previous", async () => {
    const dir = tempDir();
    const cfg = fastConfig(dir, { mode: 'sim' });
    const env = { PERPFLOW_HOST_DIR: join(dir, 'host') };
    const first = perpflow(['run', cfg], process.cwd(), env);
    await until(() => first.count(/ status: http/) >= 1, 45_000, 'the first bot to start', first);
    const journal = join(dir, 'journal.sqlite');
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
      expect(await second.exited).toBe(2);
      expect(statSync(journal).ino).toBe(inode);
      expect(existsSync(`${journal}.previous`)).toBe(false);
    } finally {
      if (second.child.exitCode === null) second.child.kill('SIGKILL');
    }
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
  }, 120_000);
});
