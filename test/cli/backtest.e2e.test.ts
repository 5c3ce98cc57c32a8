import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const NODE = 'node_modules/.bin/node';
const MAIN = 'src/cli/main.ts';
const DATA = 'data/samples';
const GOOG_CONFIG = 'test/fixtures/backtest/sma-reference-GOOG.yaml';

interface Result {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function perpflow(args: readonly string[]): Promise<Result> {
  try {
    const { stdout, stderr } = await run(NODE, [MAIN, 'backtest', ...args]);
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

const out = mkdtempSync(join(tmpdir(), 'perpflow-backtest-'));

describe('perpflow backtest', () => {
  it("reproduces backtesting.py's GOOG trades and final equity, writes --json and a self-contained --report, and stays silent on stderr without a TTY", async () => {
    const json = join(out, 'goog.json');
    const html = join(out, 'goog.html');
    const r = await perpflow([
      GOOG_CONFIG,
      '--data',
      `GOOG=${DATA}/GOOG-1d.csv`,
      '--json',
      json,
      '--report',
      html,
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Final equity\s+10009136\.60/);
    const doc = JSON.parse(readFileSync(json, 'utf8')) as {
      finalEquity: number;
      metrics: {
        overall: { trades: number; sharpe: number | null };
        byMarket: Record<string, { trades: number; sharpe: number | null }>;
        byStrategy: Record<string, { trades: number; sharpe: number | null }>;
      };
      equity: { time: string; equity: number }[];
      trades: Record<string, unknown>[];
    };
    const ref = JSON.parse(readFileSync(`${DATA}/reference/sma-10-30-GOOG-1d.json`, 'utf8')) as {
      final_equity: number;
      trades: {
        size: number;
        entry_time: string;
        exit_time: string;
        entry_price: number;
        exit_price: number;
      }[];
    };
    expect(doc.finalEquity).toBeCloseTo(ref.final_equity, 4);
    expect(doc.metrics.overall.trades).toBe(66);
    // One strategy on one market: both groups are the account, equity figures included.
    expect(doc.metrics.overall.sharpe).not.toBeNull();
    expect(doc.metrics.byMarket.GOOG).toMatchObject({ trades: 66, sharpe: doc.metrics.overall.sharpe });
    expect(doc.metrics.byStrategy['sma-cross']).toMatchObject({
      trades: 66,
      sharpe: doc.metrics.overall.sharpe,
    });
    expect(doc.equity).toHaveLength(2148);
    expect(
      doc.trades.map((t) => [t.side, t.quantity, t.entryTime, t.exitTime, t.entryPrice, t.exitPrice]),
    ).toEqual(
      ref.trades.map((t) => [
        t.size > 0 ? 'LONG' : 'SHORT',
        Math.abs(t.size),
        `${t.entry_time.replace(' ', 'T')}.000Z`,
        `${t.exit_time.replace(' ', 'T')}.000Z`,
        t.entry_price,
        t.exit_price,
      ]),
    );
    expect(Object.keys(doc.trades[0] ?? {}).sort()).toEqual(
      [
        'entryPrice',
        'entryTime',
        'exitPrice',
        'exitTime',
        'fees',
        'funding',
        'market',
        'pnl',
        'quantity',
        'side',
        'strategy',
      ].sort(),
    );
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('<html');
    expect(page).not.toMatch(/<script[^>]+src=/);
  }, 60_000);

  it('runs a cron schedule in a backtest (dca buys at each midnight the bars pass) and names a strategy that never emitted an intent', async () => {
    const json = join(out, 'dca.json');
    const r = await perpflow([
      'test/fixtures/backtest/dca-daily.yaml',
      '--data',
      `XRPUSDT=${DATA}/XRPUSDT-PERP-1h.csv`,
      '--json',
      json,
    ]);
    expect(r.code).toBe(0);
    const warning = 'strategy idle: its hooks ran 100 times but it emitted no intent';
    expect(r.stdout).toContain(`4 trades;`);
    expect(r.stdout).toContain(`warning: ${warning}\n`);
    expect(r.stderr).toBe(`warn NO_INTENT: ${warning}\n`);
    const doc = JSON.parse(readFileSync(json, 'utf8')) as {
      trades: { entryTime: string }[];
      warnings: { strategyId: string; code: string; message: string }[];
    };
    expect(doc.trades.map((t) => t.entryTime)).toEqual([
      '2021-11-18T00:00:00.000Z',
      '2021-11-19T00:00:00.000Z',
      '2021-11-20T00:00:00.000Z',
      '2021-11-21T00:00:00.000Z',
    ]);
    expect(doc.warnings).toEqual([{ strategyId: 'idle', code: 'NO_INTENT', message: warning }]);
  });

  it('refuses a data file it cannot read with the file, line and column, exit 2', async () => {
    const r = await perpflow([GOOG_CONFIG, '--data', 'GOOG=test/fixtures/data/XRPUSDT-bad-number.csv']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('XRPUSDT-bad-number.csv:3:24');
  });

  it('refuses a range with no bars, naming the data span, exit 2', async () => {
    const r = await perpflow([GOOG_CONFIG, '--data', `GOOG=${DATA}/GOOG-1d.csv`, '--from', '2020-01-01']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no bars in the range 2020-01-01T00:00:00.000Z');
    expect(r.stderr).toContain('GOOG 2004-08-19');
  });

  it('refuses --from after --to and a time it cannot parse, exit 2', async () => {
    const a = await perpflow([
      GOOG_CONFIG,
      '--data',
      `GOOG=${DATA}/GOOG-1d.csv`,
      '--from',
      '2010-01-01',
      '--to',
      '2009-01-01',
    ]);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('the range is empty');
    const b = await perpflow([GOOG_CONFIG, '--data', `GOOG=${DATA}/GOOG-1d.csv`, '--to', 'yesterday']);
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('--to yesterday: expected an ISO 8601 UTC time');
  });

  it('refuses an unknown strategy module at its place in the config, exit 2', async () => {
    const config = join(out, 'unknown.yaml');
    writeFileSync(config, readFileSync(GOOG_CONFIG, 'utf8').replace('module: sma-cross', 'module: no-such'));
    const r = await perpflow([config, '--data', `GOOG=${DATA}/GOOG-1d.csv`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('strategies[0].module');
    expect(r.stderr).toContain('no built-in strategy named "no-such"');
  });

  it('refuses a strategy market without --data for it, exit 2', async () => {
    const r = await perpflow([GOOG_CONFIG, '--data', `XRPUSDT=${DATA}/XRPUSDT-PERP-1h.csv`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('sma-cross trades GOOG but no --data GOOG=FILE was given');
  });

  it('--sweep runs every grid point across worker threads and ranks them by total return, refused points last', async () => {
    const json = join(out, 'sweep.json');
    const heatmap = join(out, 'sweep.html');
    const r = await perpflow([
      GOOG_CONFIG,
      '--data',
      `GOOG=${DATA}/GOOG-1d.csv`,
      '--sweep',
      'fast=10..20:10',
      '--sweep',
      'slow=20..30:10',
      '--json',
      json,
      '--report',
      heatmap,
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    // --report with --sweep: the heatmap of the ranked metric over the two swept parameters.
    expect(readFileSync(heatmap, 'utf8')).toContain('total return over fast × slow');
    const lines = r.stdout.trim().split('\n').slice(2);
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.includes('fast=10 slow=30'))).toContain('10009136.60');
    expect(lines.at(-1)).toMatch(/fast=20 slow=20\s+error: .*fast must be shorter than slow/);
    const rows = (
      JSON.parse(readFileSync(json, 'utf8')) as {
        sweep: { answer: { ok: boolean; metrics?: { totalReturn: number } } }[];
      }
    ).sweep;
    const returns = rows.filter((x) => x.answer.ok).map((x) => x.answer.metrics?.totalReturn as number);
    expect(returns).toEqual([...returns].sort((a, b) => b - a));
  }, 60_000);

  it('--walk-forward without --sweep is refused with what to add, exit 2', async () => {
    const r = await perpflow([
      GOOG_CONFIG,
      '--data',
      `GOOG=${DATA}/GOOG-1d.csv`,
      '--walk-forward',
      'train=365d,test=90d',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--walk-forward needs the parameters to choose from: add --sweep');
  });
});
