import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastConfig, perpflow, tempDir, until } from './runHarness.ts';

interface Json {
  journal: string;
  paperAccount: string | null;
  tradingState: string;
  positions: {
    market: string;
    side: string;
    size: string;
    entry: string;
    mark: string | null;
    unrealisedPnl: string | null;
    strategy: string;
  }[];
  pnl: {
    realised: string;
    unrealised: string | null;
    fees: string;
    funding: string | null;
    equity: string | null;
  };
  strategies: {
    id: string;
    intents: number;
    requests: Record<string, number>;
    fills: number;
    openPositions: number;
  }[];
  open: unknown[];
  unprotected: unknown;
}

async function run(args: string[]) {
  const p = perpflow(args);
  const code = await p.exited;
  return { code, out: p.lines.join('\n') };
}

describe('perpflow status after a dry run that stopped with open positions', () => {
  it('shows positions, PnL, equity and per-strategy counts, finds the journal from the config, and follows run --journal', async () => {
    const dir = tempDir();
    const cfg = fastConfig(dir, { mode: 'dry-run' });
    const journal = join(dir, 'elsewhere.sqlite');
    const bot = perpflow(['run', cfg, '--journal', journal]);
    await until(() => bot.count(/ opened BTCUSDT /) >= 1, 60_000, 'an open', bot);
    bot.child.kill('SIGINT');
    expect(await bot.exited).toBe(0);
    const stopped = /stopped: (\d+) open positions, realised (-?[\d.]+), fees ([\d.]+)/.exec(
      bot.lines.join('\n'),
    );
    expect(stopped).not.toBeNull();
    // run --journal replaced the config's journal.path; a dry run keeps its own file beside it.
    expect(existsSync(join(dir, 'elsewhere.dry-run.sqlite'))).toBe(true);
    expect(existsSync(join(dir, 'journal.dry-run.sqlite'))).toBe(false);

    const json = await run(['status', '--json', '--journal', join(dir, 'elsewhere.dry-run.sqlite')]);
    expect(json.code).toBe(0);
    const s = JSON.parse(json.out) as Json;
    expect(s.positions.length).toBe(Number(stopped?.[1]));
    expect(s.positions.length).toBeGreaterThan(0);
    for (const p of s.positions) {
      expect(p).toMatchObject({ market: 'BTCUSDT', strategy: 'sma-fast' });
      expect(Number(p.size)).toBeGreaterThan(0);
      expect(Number(p.entry)).toBeGreaterThan(0);
      expect(Number(p.mark)).toBeGreaterThan(0);
      expect(p.unrealisedPnl).toMatch(/^-?\d+\.\d\d$/);
    }
    expect(s.pnl.realised).toBe(Number(stopped?.[2]).toFixed(2));
    expect(s.pnl.fees).toBe(Number(stopped?.[3]).toFixed(2));
    expect(s.pnl.funding).not.toBeNull();
    expect(Number(s.pnl.equity)).toBeGreaterThan(0);
    expect(s.tradingState).toBe('active');
    expect(s.strategies).toEqual([
      expect.objectContaining({ id: 'sma-fast', openPositions: s.positions.length }),
    ]);
    expect(s.strategies[0]?.intents).toBeGreaterThan(0);
    expect(s.open).toEqual([]);
    expect(s.unprotected).toEqual([]);

    const text = await run(['status', '--journal', join(dir, 'elsewhere.dry-run.sqlite')]);
    expect(text.code).toBe(0);
    const first = s.positions[0];
    expect(text.out).toContain(
      `  BTCUSDT ${first?.side} ${first?.size} entry ${first?.entry} mark ${first?.mark}`,
    );
    expect(text.out).toMatch(
      /pnl {9}realised [+-]\d+\.\d\d · unrealised [+-]\d+\.\d\d · fees \d+\.\d\d · funding/,
    );
    expect(text.out).toContain(`equity      ${s.pnl.equity}`);
    expect(text.out).toMatch(/ {2}sma-fast: intents \d+ · requests .* · fills \d+ · open positions \d+/);
  }, 120_000);

  it("`status CONFIG` reads the journal of the config's mode; `--journal` with the path the config writes says where the dry run's is", async () => {
    const dir = tempDir();
    const cfg = fastConfig(dir, { mode: 'dry-run' });
    const bot = perpflow(['run', cfg]);
    await until(() => bot.count(/ status: http/) >= 1, 60_000, 'the start', bot);
    bot.child.kill('SIGINT');
    expect(await bot.exited).toBe(0);

    const byConfig = await run(['status', cfg, '--json']);
    expect(byConfig.code).toBe(0);
    expect((JSON.parse(byConfig.out) as Json).journal).toBe(join(dir, 'journal.dry-run.sqlite'));

    const wrong = await run(['status', '--journal', join(dir, 'journal.sqlite')]);
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain(`a dry run keeps its own at ${join(dir, 'journal.dry-run.sqlite')}`);
  }, 60_000);
});
