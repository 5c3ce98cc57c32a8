import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openReadOnlyJournal } from '../../src/journal/readOnlyJournal.ts';
import { fastConfig, perpflow, tempDir, until } from './runHarness.ts';

interface PaperPosition {
  readonly symbol: string;
  readonly side: string;
  readonly quantity: string;
  readonly closedAmount: string;
}

/** The paper account's open positions as `SYMBOL:SIDE qty, …` (the form of the bot's stop line). */
function paperPositions(dir: string): string {
  const paper = JSON.parse(readFileSync(join(dir, 'journal.dry-run.paper.json'), 'utf8')) as {
    subaccounts: { positions: PaperPosition[] }[];
  };
  const sums = new Map<string, number>();
  for (const p of paper.subaccounts.flatMap((s) => s.positions)) {
    const key = `${p.symbol}:${p.side}`;
    sums.set(key, (sums.get(key) ?? 0) + Number(p.quantity) - Number(p.closedAmount));
  }
  return [...sums].map(([k, q]) => `${k} ${q}`).join(', ');
}

function nonTerminal(dir: string): string[] {
  const j = openReadOnlyJournal(join(dir, 'journal.dry-run.sqlite'));
  try {
    return j
      .requests()
      .filter((r) => ['CREATED', 'SUBMITTING', 'ACCEPTED', 'UNKNOWN'].includes(r.status))
      .map((r) => `${r.kind} ${r.status}`);
  } finally {
    j.close();
  }
}

/** Starts the bot, waits until it serves /health (signals handled), stops it with SIGINT. */
async function startAndStop(cfg: string, ...flags: string[]) {
  const bot = perpflow(['run', cfg, ...flags]);
  await until(() => bot.count(/ status: http/) >= 1, 45_000, 'the restart', bot);
  bot.child.kill('SIGINT');
  expect(await bot.exited).toBe(0);
  return bot;
}

describe('a dry run persists its paper account and journal across restarts', () => {
  it('after kill -9 mid-flight, the restart shows the same positions and settles what was in flight', async () => {
    const dir = tempDir();
    const cfg = fastConfig(dir, { mode: 'dry-run' });
    // Slow fills: a request stays in flight for seconds, so the kill lands on one.
    writeFileSync(
      cfg,
      readFileSync(cfg, 'utf8').replace(
        'fillLatencyMs: { min: 50, max: 150 }',
        'fillLatencyMs: { min: 2000, max: 3000 }',
      ),
    );
    const bot = perpflow(['run', cfg]);
    await until(() => bot.count(/ opened BTCUSDT /) >= 1, 60_000, 'a first open', bot);
    await until(() => nonTerminal(dir).length > 0, 30_000, 'a request in flight', bot);
    bot.child.kill('SIGKILL');
    expect(await bot.exited).toBeNull();
    expect(nonTerminal(dir).length).toBeGreaterThan(0);
    const held = paperPositions(dir);
    expect(held).not.toBe('');

    const again = await startAndStop(cfg);
    const out = again.lines.join('\n');
    expect(out).toMatch(
      /paper account continued from .*journal\.dry-run\.paper\.json: [1-9]\d* open position/,
    );
    expect(out).toContain(`venue = ledger at stop: ${held}`);
    expect(nonTerminal(dir)).toEqual([]);
  }, 180_000);

  it('--fresh starts over with no position, keeping the old journal and paper account as timestamped backups', async () => {
    const dir = tempDir();
    const cfg = fastConfig(dir, { mode: 'dry-run' });
    const bot = perpflow(['run', cfg]);
    await until(() => bot.count(/ opened BTCUSDT /) >= 1, 60_000, 'a first open', bot);
    bot.child.kill('SIGINT');
    expect(await bot.exited).toBe(0);

    const fresh = await startAndStop(cfg, '--fresh');
    const out = fresh.lines.join('\n');
    expect(out).not.toContain('paper account continued');
    expect(out).toMatch(/--fresh: kept the previous state as .*journal\.dry-run\.sqlite\.\d{4}-\d\d-\d\dT/);
    expect(out).toContain('stopped: 0 open positions');
    const backups = readdirSync(dir).filter((f) => /\.dry-run\.(sqlite|paper\.json)\.\d{4}-/.test(f));
    expect(backups.some((f) => f.startsWith('journal.dry-run.sqlite.'))).toBe(true);
    expect(backups.some((f) => f.startsWith('journal.dry-run.paper.json.'))).toBe(true);
  }, 120_000);

  it('keeps aside a dry-run journal whose paper account is gone (an older version left it) and starts over flat', async () => {
    const dir = tempDir();
    const cfg = fastConfig(dir, { mode: 'dry-run' });
    const bot = perpflow(['run', cfg]);
    await until(() => bot.count(/ opened BTCUSDT /) >= 1, 60_000, 'a first open', bot);
    bot.child.kill('SIGINT');
    expect(await bot.exited).toBe(0);
    rmSync(join(dir, 'journal.dry-run.paper.json'));

    const again = await startAndStop(cfg);
    const out = again.lines.join('\n');
    expect(out).toMatch(
      /a dry-run journal without its paper account was kept aside as .*journal\.dry-run\.sqlite\.\d{4}-/,
    );
    expect(out).toContain('venue = ledger at stop: flat');
  }, 120_000);
});
