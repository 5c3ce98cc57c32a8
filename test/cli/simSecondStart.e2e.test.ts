import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { besideRunningBot, secondStart } from './secondStart.ts';

describe('a second sim-mode start on a journal another bot holds', () => {
  it("is refused by the lease (exit 2) with the running bot's journal left in place, not renamed to .previous", async () => {
    await besideRunningBot('sim', { frozen: false }, async (bot) => {
      const journal = join(bot.dir, 'journal.sqlite');
      const inode = statSync(journal).ino;
      const second = await secondStart(bot);
      expect(second.lines.join('\n')).toMatch(/holds the journal lease .*refusing to start/);
      expect(await second.exited).toBe(2);
      expect(statSync(journal).ino).toBe(inode);
      expect(existsSync(`${journal}.previous`)).toBe(false);
    });
  }, 120_000);
});
