import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastConfig, perpflow, startSim, tempDir, until } from './runHarness.ts';

const GARBAGE = 'not a journal at all, garbage bytes '.repeat(300);

describe('a corrupt journal fails closed', () => {
  it('a run against a venue refuses with exit 2 naming the file, what was wrong and the recovery command; `journal recover` moves it aside and the next start adopts, halted until `resume`', async () => {
    const sim = await startSim(13);
    const env = { PERPFLOW_HOST_DIR: join(tempDir(), 'host') };
    try {
      const dir = tempDir();
      const cfg = fastConfig(dir, { mode: 'sim', url: sim.url });
      const journal = join(dir, 'journal.sqlite');
      writeFileSync(journal, GARBAGE);
      const refused = perpflow(['run', cfg], process.cwd(), env);
      expect(await refused.exited).toBe(2);
      const text = refused.lines.join('\n');
      expect(text).toContain(`the journal ${journal} is corrupt (file is not a database); refusing to start`);
      expect(text).toContain(`perpflow journal recover ${journal}`);
      expect(refused.count(/trading: /)).toBe(0);
      expect(readFileSync(journal, 'utf8')).toBe(GARBAGE);

      const recover = perpflow(['journal', 'recover', journal], process.cwd(), env);
      expect(await recover.exited).toBe(0);
      const moved = readdirSync(dir).find((f) => f.startsWith('journal.sqlite.corrupt-'));
      expect(moved).toBeDefined();
      expect(readFileSync(join(dir, moved as string), 'utf8')).toBe(GARBAGE);

      const again = perpflow(['run', cfg], process.cwd(), env);
      try {
        // A recovered journal starts halted: the strategy's first open is refused, nothing traded.
        const halted =
          /denied sma-fast open BTCUSDT: TRADING_HALTED \(trading halted: recovered from a corrupt journal: check the adopted positions, then perpflow resume\)/;
        await until(
          () => again.count(halted) >= 1,
          60_000,
          'the recovered bot to refuse its first open',
          again,
        );
        expect(again.count(/ opened BTCUSDT /)).toBe(0);
        const resume = perpflow(['resume', '--journal', journal], process.cwd(), env);
        expect(await resume.exited).toBe(0);
        await until(() => again.count(/ opened BTCUSDT /) >= 1, 60_000, 'the resumed bot to trade', again);
      } finally {
        again.child.kill('SIGINT');
        expect(await again.exited).toBe(0);
      }
      // A healthy journal is never "recovered".
      const healthy = perpflow(['journal', 'recover', journal], process.cwd(), env);
      expect(await healthy.exited).toBe(2);
    } finally {
      await sim.stop();
    }
  }, 180_000);

  it('a dry run on the embedded simulator still starts afresh (the unreadable file kept aside as a timestamped backup)', async () => {
    const dir = tempDir();
    const cfg = fastConfig(dir, { mode: 'dry-run' });
    writeFileSync(join(dir, 'journal.dry-run.sqlite'), GARBAGE);
    const bot = perpflow(['run', cfg], process.cwd(), { PERPFLOW_HOST_DIR: join(dir, 'host') });
    try {
      await until(() => bot.count(/ opened BTCUSDT /) >= 1, 60_000, 'the dry run to trade', bot);
    } finally {
      bot.child.kill('SIGINT');
      expect(await bot.exited).toBe(0);
    }
    const kept = readdirSync(dir).filter((f) => /^journal\.dry-run\.sqlite\.\d{4}-\d\d-\d\dT/.test(f));
    expect(kept.map((f) => readFileSync(join(dir, f), 'utf8'))).toEqual([GARBAGE]);
  }, 120_000);
});
