import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBacktest } from '../../backtest/runBacktest.ts';
import { backtestSchema } from '../../src/config/sections/backtest.ts';
import { readBarColumns } from '../../src/market/readBarColumns.ts';
import { readFundingRates } from '../../src/market/readFundingRates.ts';
import fundingCarry from '../../strategies/funding-carry/index.ts';

const DATA = join(import.meta.dirname, '../../data/samples');

describe('funding in the strategy context', () => {
  it("feeds the venue's funding rates to ctx.funding: funding-carry enters when a side is paid enough and exits when the rate reverts", async () => {
    const feed = readBarColumns(join(DATA, 'XRPUSDT-PERP-1h.csv'), { symbol: 'XRPUSDT' });
    const series = readFundingRates(join(DATA, 'XRPUSDT-PERP-funding-8h.csv'));
    const r = await runBacktest({
      feeds: [feed],
      strategies: [
        {
          id: 'carry',
          strategy: fundingCarry,
          markets: ['XRPUSDT'],
          params: { enterRate: 0.00012, exitRate: 0.00011, quantity: 100 },
        },
      ],
      settings: backtestSchema.parse({ cash: 10_000 }),
      fundingSeries: { XRPUSDT: series },
    });
    // The series (longs pay shorts when positive) is 0.0001 per 8 h but for the epochs from
    // 2021-11-20 00:00 (0.00013046) and 2021-11-21 00:00 (0.00013862): a SHORT is paid enough in
    // each, and 0.0001 from 08:00 is under the exit rate. The data ends at 2021-11-21 04:00, so
    // the second SHORT is closed with the data.
    expect(r.warnings).toEqual([]);
    expect(
      r.intents.map((d) => [
        new Date(d.decidedAt).toISOString(),
        d.intent.kind,
        'side' in d.intent ? d.intent.side : '',
      ]),
    ).toEqual([
      ['2021-11-20T00:00:00.000Z', 'open', 'SHORT'],
      ['2021-11-20T08:00:00.000Z', 'close', ''],
      ['2021-11-21T00:00:00.000Z', 'open', 'SHORT'],
    ]);
    expect(r.trades.map((t) => t.side)).toEqual(['SHORT', 'SHORT']);
  });
});
