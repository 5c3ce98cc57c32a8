import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { besideRunningBot, secondStart } from './secondStart.ts';

/** The file as it is: its bytes and its inode (a save renames a new file over it). */
function fileState(file: string): { text: string; inode: number; mtimeMs: number } {
  const s = statSync(file);
  return { text: readFileSync(file, 'utf8'), inode: s.ino, mtimeMs: s.mtimeMs };
}

describe('a second dry run on a journal another bot holds', () => {
  it("is refused before it reads or writes anything of the running bot's: its paper account stays as it was", async () => {
    await besideRunningBot('dry-run', { frozen: true }, async (bot) => {
      const paper = join(bot.dir, 'journal.dry-run.paper.json');
      const before = fileState(paper);
      const second = await secondStart(bot);
      expect(await second.exited).toBe(2);
      expect(second.lines.join('\n')).toMatch(/holds the journal lease .*refusing to start/);
      expect(fileState(paper)).toEqual(before);
    });
  }, 120_000);

  it("is refused before it sets aside the running bot's journal, even when that bot's paper account file is gone", async () => {
    await besideRunningBot('dry-run', { frozen: true }, async (bot) => {
      const journal = join(bot.dir, 'journal.dry-run.sqlite');
      rmSync(join(bot.dir, 'journal.dry-run.paper.json'));
      const inode = statSync(journal).ino;
      const second = await secondStart(bot);
      expect(second.lines.join('\n')).toMatch(/holds the journal lease .*refusing to start/);
      expect(statSync(journal).ino).toBe(inode);
      expect(readdirSync(bot.dir).filter((f) => f.startsWith('journal.dry-run.sqlite.'))).toEqual([]);
    });
  }, 120_000);

  it('run --fresh while a bot runs on the journal is refused (exit 2) and moves nothing aside', async () => {
    await besideRunningBot('dry-run', { frozen: true }, async (bot) => {
      const files = readdirSync(bot.dir).sort();
      const fresh = await secondStart(bot, '--fresh');
      expect(await fresh.exited).toBe(2);
      expect(fresh.lines.join('\n')).toMatch(
        /--fresh: pid \d+ on .* is running on .*journal\.dry-run\.sqlite; stop it/,
      );
      expect(readdirSync(bot.dir).sort()).toEqual(files);
    });
  }, 120_000);
});
