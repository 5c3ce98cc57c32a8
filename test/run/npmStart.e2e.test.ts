import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { perpflow, tempDir, until } from './runHarness.ts';

describe('npm start (perpflow run config/default.yaml)', () => {
  it('opens and closes positions within 60 s on a fresh machine, and exits 0 on Ctrl-C', async () => {
    // A fresh working directory: no journal, no log from an earlier run, as after a clone.
    const bot = perpflow(['run', join(process.cwd(), 'config/default.yaml')], tempDir());
    await until(
      () => bot.count(/ opened /) >= 1 && bot.count(/ closed /) >= 1,
      60_000,
      'an open and a close',
      bot,
    );
    bot.child.kill('SIGINT');
    expect(await bot.exited).toBe(0);
    expect(bot.count(/venue = ledger at stop/)).toBe(1);
  }, 90_000);
});
