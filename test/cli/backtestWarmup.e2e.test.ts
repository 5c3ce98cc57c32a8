import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readBarColumns } from '../../src/market/readBarColumns.ts';

const run = promisify(execFile);
const NODE = 'node_modules/.bin/node';
const MAIN = 'src/cli/main.ts';
const EURUSD = 'data/samples/EURUSD-1h.csv';
const XRP = 'data/samples/XRPUSDT-PERP-1h.csv';
const dir = mkdtempSync(join(tmpdir(), 'perpflow-backtest-warmup-'));

interface Sma {
  readonly id: string;
  readonly market: string;
  readonly fast: number;
  readonly slow: number;
}

function config(name: string, strategies: readonly Sma[]): string {
  const file = join(dir, `${name}.yaml`);
  const list = strategies
    .map(
      (s) => `  - id: ${s.id}
    module: sma-cross
    markets: [${s.market}]
    params: { fast: ${s.fast}, slow: ${s.slow}, quantity: 10, leverage: 1, mode: reverse }`,
    )
    .join('\n');
  writeFileSync(
    file,
    `mode: backtest
risk:
  account:
    maxOpenPositions: 10
    maxNotionalPerPosition: 1000000
    maxTotalNotional: 2000000
    maxLeverage: 1
    maxIntentsPerMinute: 100
    dailyLossLimit: 1000000
    maxDrawdownPct: 50
strategies:
${list}
backtest:
  cash: 10000000
  fees: { open: 0, close: 0 }
  closeAtEnd: lastOpen
`,
  );
  return file;
}

interface Figures {
  readonly buyAndHoldReturn: number | null;
}

interface Metrics {
  readonly overall: Figures;
  readonly byMarket: Readonly<Record<string, Figures>>;
}

async function backtest(
  name: string,
  strategies: readonly Sma[],
  data: readonly string[],
  more: readonly string[] = [],
): Promise<Metrics> {
  const json = join(dir, `${name}.json`);
  const args = [MAIN, 'backtest', config(name, strategies), ...data.flatMap((d) => ['--data', d])];
  await run(NODE, [...args, ...more, '--json', json]);
  return (JSON.parse(readFileSync(json, 'utf8')) as { metrics: Metrics }).metrics;
}

/** Holding the file's market from the close of bar `k` (counted in the file) to its last close. */
function holdFrom(file: string, k: number): number {
  const c = readBarColumns(file).close;
  const c0 = c[k] as number;
  return ((c[c.length - 1] as number) - c0) / c0;
}

describe('perpflow backtest: buy & hold starts after the strategies’ declared indicator warm-up', () => {
  it('two strategies on one market: from the smaller warm-up (SMA 30: bar 29), whichever is listed first', async () => {
    const m = await backtest(
      'two-on-one',
      [
        { id: 'slow-50', market: 'EURUSD', fast: 20, slow: 50 },
        { id: 'slow-30', market: 'EURUSD', fast: 10, slow: 30 },
      ],
      [`EURUSD=${EURUSD}`],
    );
    expect(m.overall.buyAndHoldReturn).toBe(holdFrom(EURUSD, 29));
    expect(m.byMarket.EURUSD?.buyAndHoldReturn).toBe(holdFrom(EURUSD, 29));
  }, 60_000);

  it("two markets: each market's buy & hold from the warm-up of the strategy trading it, in its own bars", async () => {
    const m = await backtest(
      'two-markets',
      [
        { id: 'eur', market: 'EURUSD', fast: 10, slow: 30 },
        { id: 'xrp', market: 'XRPUSDT', fast: 20, slow: 50 },
      ],
      [`EURUSD=${EURUSD}`, `XRPUSDT=${XRP}`],
    );
    expect(m.byMarket.EURUSD?.buyAndHoldReturn).toBe(holdFrom(EURUSD, 29));
    expect(m.byMarket.XRPUSDT?.buyAndHoldReturn).toBe(holdFrom(XRP, 49));
  }, 60_000);

  it('two markets on the same bars: the equal-weight basket held from the smaller warm-up, each market from its own', async () => {
    // The same file under a second symbol: the basket is two equal halves of one market.
    const m = await backtest(
      'basket',
      [
        { id: 'slow-50', market: 'EURUSD', fast: 20, slow: 50 },
        { id: 'slow-30', market: 'EURCOPY', fast: 10, slow: 30 },
      ],
      [`EURUSD=${EURUSD}`, `EURCOPY=${EURUSD}`],
    );
    const c = readBarColumns(EURUSD).close;
    const basket = (i: number) =>
      0 + (c[i] as number) / (c[29] as number) / 2 + (c[i] as number) / (c[29] as number) / 2;
    expect(m.overall.buyAndHoldReturn).toBe((basket(c.length - 1) - basket(29)) / basket(29));
    expect(m.byMarket.EURUSD?.buyAndHoldReturn).toBe(holdFrom(EURUSD, 49));
    expect(m.byMarket.EURCOPY?.buyAndHoldReturn).toBe(holdFrom(EURUSD, 29));
  }, 60_000);

  it('--from: the warm-up counts from the range’s first bar, as the strategies see them', async () => {
    // Bar 100 of the file opens the range; the SMA 30 is first defined on its bar 129.
    const from = new Date(readBarColumns(EURUSD).time[100] as number).toISOString();
    const m = await backtest(
      'from',
      [{ id: 'sma', market: 'EURUSD', fast: 10, slow: 30 }],
      [`EURUSD=${EURUSD}`],
      ['--from', from],
    );
    expect(m.overall.buyAndHoldReturn).toBe(holdFrom(EURUSD, 129));
  }, 60_000);

  it('refuses a declared warm-up that is not a whole number of bars, naming the config, the strategy and the value, exit 2', async () => {
    writeFileSync(
      join(dir, 'bad-warmup.ts'),
      `import { defineStrategy } from 'perpflow';
import { z } from 'zod';
export default defineStrategy({
  name: 'bad-warmup',
  params: z.strictObject({ n: z.number().default(2.5) }),
  warmup: 0,
  indicatorWarmup: (p) => p.n,
});
`,
    );
    const yaml = join(dir, 'bad-warmup.yaml');
    writeFileSync(
      yaml,
      // A disabled entry first: the error names the entry's place in the config, not among those run.
      'mode: backtest\nstrategies:\n  - { id: off, module: ./bad-warmup.ts, markets: [EURUSD], enabled: false }\n  - id: bad\n    module: ./bad-warmup.ts\n    markets: [EURUSD]\n',
    );
    const r = await run(NODE, [MAIN, 'backtest', yaml, '--data', `EURUSD=${EURUSD}`]).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `error: ${yaml} strategies[1]: bad: strategy bad-warmup: indicatorWarmup is 2.5; it must be a whole number of bars, 0 or more\n`,
    );
  }, 60_000);
});
