import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { openJournal } from '../../src/journal/openJournal.ts';
import { perpflowOutput } from '../run/runHarness.ts';

const perpflow = (args: readonly string[], cwd: string, host: string) =>
  perpflowOutput(args, cwd, { PERPFLOW_HOST_DIR: host });

/** A strategy repository with bot.yaml (journal var/perpflow.sqlite) and its dry run's journal. */
function repositoryWithJournal(): { repo: string; journal: string } {
  const repo = mkdtempSync(join(tmpdir(), 'pf-relpaths-'));
  writeFileSync(
    join(repo, 'bot.yaml'),
    'mode: dry-run\njournal: { path: var/perpflow.sqlite }\nrisk:\n  account: { maxOpenPositions: 1 }\nstrategies:\n  - { id: s, module: sma-cross, markets: [BTCUSDT], params: { fast: 2, slow: 5, notional: 100 } }\n',
  );
  mkdirSync(join(repo, 'var'));
  const journal = join(repo, 'var/perpflow.dry-run.sqlite');
  openJournal({ path: journal, clock: new VirtualClock() }).journal.close();
  return { repo, journal };
}

describe("a config's journal is relative to the config file, from any working directory", () => {
  it('status CONFIG from another folder reads the journal beside the config', async () => {
    const { repo } = repositoryWithJournal();
    const elsewhere = mkdtempSync(join(tmpdir(), 'pf-elsewhere-'));
    const r = await perpflow(
      ['status', join(repo, 'bot.yaml'), '--json'],
      elsewhere,
      join(elsewhere, 'host'),
    );
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({ tradingState: 'active' });
  });

  it('halt CONFIG from another folder latches the journal beside the config', async () => {
    const { repo, journal } = repositoryWithJournal();
    const elsewhere = mkdtempSync(join(tmpdir(), 'pf-elsewhere-'));
    const halt = await perpflow(
      ['halt', join(repo, 'bot.yaml'), '--json'],
      elsewhere,
      join(elsewhere, 'host'),
    );
    expect(JSON.parse(halt.stdout)).toMatchObject({ halted: [{ journal }] });
  });
});
