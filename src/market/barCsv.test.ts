import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Bar } from '../domain/bar.ts';
import { MarketSymbol } from '../domain/ids.ts';
import { BAR_CSV_HEADER, barCsvLine } from './barCsv.ts';
import { readBarsCsv } from './readBarsCsv.ts';

describe('barCsvLine', () => {
  it('writes bars that readBarsCsv reads back exactly', () => {
    const symbol = MarketSymbol('BTCUSDT');
    const bars: Bar[] = [0, 1, 2].map((i) => ({
      symbol,
      openTime: Date.UTC(2026, 10, 23, 12, i),
      intervalMs: 60_000,
      open: 94_000.1 + i,
      high: 94_010.25 + i,
      low: 93_990.125 + i,
      close: 94_005.0625 + i,
      volume: 0,
    }));
    const file = join(mkdtempSync(join(tmpdir(), 'perpflow-barcsv-')), 'BTCUSDT-1m.csv');
    writeFileSync(file, `${[BAR_CSV_HEADER, ...bars.map(barCsvLine)].join('\n')}\n`);
    expect(readBarsCsv(file, { symbol: 'BTCUSDT' })).toEqual(bars);
  });
});
