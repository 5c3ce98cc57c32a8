import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { PositionLedger } from '../../src/execution/PositionLedger.ts';
import { openJournal } from '../../src/journal/openJournal.ts';
import { describeExposure } from '../../src/kernel/venueAgreement.ts';
import { fastConfig, perpflow, tempDir, until } from './runHarness.ts';

const KEY_OR_JWT = /ix\.[0-9a-f]{16}|eyJ[A-Za-z0-9_-]{10,}\.eyJ/i;

describe('perpflow run in dry-run mode', () => {
  it('trades (opens and closes), stops on SIGINT with exit 0, every request terminal and the journal ledger as reported at stop', async () => {
    const dir = tempDir();
    const cfg = fastConfig(dir, { mode: 'dry-run' });
    const bot = perpflow(['run', cfg]);
    await until(
      () => bot.count(/ opened BTCUSDT /) >= 2 && bot.count(/ closed BTCUSDT /) >= 1,
      45_000,
      'opens and closes',
      bot,
    );
    bot.child.kill('SIGINT');
    expect(await bot.exited).toBe(0);

    const { journal } = openJournal({
      path: join(dir, 'journal.dry-run.sqlite'),
      clock: new VirtualClock(0),
    });
    expect(journal.nonTerminal()).toEqual([]);
    const ledger = new PositionLedger();
    for (const f of journal.fills()) ledger.apply(f);
    const opens = journal.all().filter((r) => r.kind === 'open' && r.status === 'FILLED');
    journal.close();
    expect(opens.length).toBeGreaterThanOrEqual(2);
    // The bot compared the venue with its ledger as it stopped; the journal's fills give the same book.
    const atStop = `venue = ledger at stop: ${describeExposure(ledger.exposure())}`;
    expect(bot.lines.filter((l) => l.endsWith(atStop))).toHaveLength(1);
    expect(bot.lines.filter((l) => KEY_OR_JWT.test(l))).toEqual([]);
  }, 90_000);

  it('refuses a config naming an unknown strategy module with exit 2 before trading', async () => {
    const dir = tempDir();
    const cfg = fastConfig(dir, { mode: 'dry-run' });
    writeFileSync(cfg, readFileSync(cfg, 'utf8').replace('module: sma-cross', 'module: sma-crosss'));
    const bot = perpflow(['run', cfg]);
    expect(await bot.exited).toBe(2);
    expect(bot.lines.join('\n')).toContain('sma-crosss');
  }, 30_000);
});
