import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { defaultMarkets } from '../markets.ts';
import { csvPrices, parseBarsCsv } from './csvPrices.ts';

const file = (text: string, name = 'bars.csv'): string => {
  const f = join(mkdtempSync(join(tmpdir(), 'bars-')), name);
  writeFileSync(f, text);
  return f;
};
const FIXTURES = join(import.meta.dirname, '../../../test/fixtures/bars');
const MARKETS = defaultMarkets().map((m) => m.spec.symbol);

describe('csvPrices', () => {
  it('replays bar closes one timestamp per interval of the clock', async () => {
    const f = file(
      'timestamp,symbol,open,high,low,close\n1000,BTCUSDT,100,100,100,100\n1000,ETHUSDT,10,10,10,10\n2000,BTCUSDT,100,101,100,101\n',
    );
    const src = csvPrices(f, { intervalMs: 1_000 });
    expect(src.initial('BTCUSDT')).toBe(100);
    const clock = new VirtualClock();
    const seen: string[] = [];
    src.start(clock, (s, mark) => seen.push(`${s}=${mark}`));
    await clock.advance(2_000);
    expect(seen).toEqual(['BTCUSDT=100', 'ETHUSDT=10', 'BTCUSDT=101']);
  });

  it('replays the pandas EURUSD format as the market named after the colon', async () => {
    const src = csvPrices(join(FIXTURES, 'EURUSD-1h.csv'), { symbol: 'XRPUSDT', markets: MARKETS });
    expect(src.initial('XRPUSDT')).toBe(1.07219);
    const clock = new VirtualClock();
    const seen: number[] = [];
    src.start(clock, (_s, mark) => seen.push(mark));
    await clock.advance(2_000);
    expect(seen).toEqual([1.07219, 1.0726]);
  });

  it('says which markets exist and how to rename when the file names none of them', () => {
    const f = join(FIXTURES, 'EURUSD-1h.csv');
    expect(() => csvPrices(f, { markets: MARKETS })).toThrow(
      `${f} EURUSD is not a market of the simulator (markets: BTCUSDT, ETHUSDT, SOLUSDT, XRPUSDT, XAUUSD, SPXUSD); to replay these bars as one of them, append it: ${f}:BTCUSDT`,
    );
    expect(() => csvPrices(f, { symbol: 'DOGEUSDT', markets: MARKETS })).toThrow(
      /DOGEUSDT is not a market of the simulator \(markets: BTCUSDT, .*\); put one of them after the colon/,
    );
  });

  it('names the file, line and column of a bad row', () => {
    expect(() =>
      parseBarsCsv('timestamp,symbol,open,high,low,close\n1000,BTCUSDT,1,1,1,-5\n', 'bars.csv'),
    ).toThrow('bars.csv:2:14 inconsistent bar: close -5 is outside [low, high]');
    expect(() => parseBarsCsv('ts,symbol,close\n', 'b.csv')).toThrow(/b\.csv:1:1 missing columns "open"/);
  });
});
