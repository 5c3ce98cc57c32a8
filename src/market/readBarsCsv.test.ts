import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors/ConfigError.ts';
import { parseBarsCsvText } from './parseBarsCsvText.ts';
import { readBarsCsv } from './readBarsCsv.ts';

const ROOT = join(import.meta.dirname, '../..');
const fixture = (name: string): string => join(ROOT, 'test/fixtures/bars', name);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TIME_HINT =
  'expected ISO 8601 (2021-11-17T01:00:00Z), YYYY-MM-DD[ HH:MM:SS] in UTC, or epoch seconds or milliseconds';

/** The error's lines with the fixture folder cut off, so expectations read like what a user sees. */
function problems(run: () => unknown): string[] {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).message.split('\n').map((l) => l.replace(`${fixture('')}/`, ''));
  }
  throw new Error('expected a ConfigError');
}

describe('readBarsCsv', () => {
  it('reads the pandas format with an unnamed date-time index as UTC hourly EURUSD bars', () => {
    const bars = readBarsCsv(fixture('EURUSD-1h.csv'));
    expect(bars).toHaveLength(30);
    expect(bars[0]).toEqual({
      symbol: 'EURUSD',
      openTime: Date.UTC(2017, 3, 19, 9),
      intervalMs: HOUR,
      open: 1.0716,
      high: 1.0722,
      low: 1.07083,
      close: 1.07219,
      volume: 1413,
    });
    expect(bars[29]?.openTime).toBe(Date.UTC(2017, 3, 20, 14));
  });

  it('reads date-only daily bars and infers one day despite weekend gaps', () => {
    const bars = readBarsCsv(fixture('GOOG-1d.csv'));
    expect(bars).toHaveLength(20);
    expect(bars[0]).toEqual({
      symbol: 'GOOG',
      openTime: Date.UTC(2004, 7, 19),
      intervalMs: DAY,
      open: 100,
      high: 104.06,
      low: 95.96,
      close: 100.34,
      volume: 22_351_900,
    });
  });

  it('reads ISO timestamps with lower-case names and takes the symbol from XRPUSDT-PERP-1h.csv', () => {
    const bars = readBarsCsv(fixture('XRPUSDT-PERP-1h.csv'));
    expect(bars).toHaveLength(25);
    expect(bars[1]).toEqual({
      symbol: 'XRPUSDT',
      openTime: Date.UTC(2021, 10, 17, 2),
      intervalMs: HOUR,
      open: 1.07896,
      high: 1.0875,
      low: 1.07351,
      close: 1.07616,
      volume: 2_697_616.070908,
    });
  });

  it('names the bars after the symbol option and honours a given interval', () => {
    const bars = readBarsCsv(fixture('BTCUSD-1mo.csv'), { symbol: 'btcusdt', intervalMs: 30 * DAY });
    expect(bars).toHaveLength(12);
    expect(bars.every((b) => b.symbol === 'BTCUSDT' && b.intervalMs === 30 * DAY)).toBe(true);
  });

  it('reads a file with a byte-order mark, CRLF line ends and blank trailing lines', () => {
    const bars = readBarsCsv(fixture('XRPUSDT-bom-crlf.csv'));
    expect(bars.map((b) => [b.openTime, b.close])).toEqual([
      [Date.UTC(2021, 10, 17, 1), 1.07925],
      [Date.UTC(2021, 10, 17, 2), 1.07616],
    ]);
  });

  it('reads epoch seconds with a symbol column, and the symbol option selects one market', () => {
    const all = readBarsCsv(fixture('multi.csv'));
    expect(all.map((b) => `${b.symbol}@${b.openTime}=${b.close}`)).toEqual([
      'BTCUSDT@1637110800000=60050',
      'ETHUSDT@1637110800000=4205',
      'BTCUSDT@1637114400000=60150',
      'ETHUSDT@1637114400000=4215',
    ]);
    expect(all[0]?.intervalMs).toBe(HOUR);
    expect(readBarsCsv(fixture('multi.csv'), { symbol: 'ETHUSDT' }).map((b) => b.close)).toEqual([
      4205, 4215,
    ]);
    expect(problems(() => readBarsCsv(fixture('multi.csv'), { symbol: 'SOLUSDT' }))).toEqual([
      'multi.csv:1:1 no bars of SOLUSDT; the file has BTCUSDT, ETHUSDT',
    ]);
  });

  it('reports every broken row of a file with line, column and what is wrong', () => {
    expect(problems(() => readBarsCsv(fixture('broken-values.csv')))).toEqual([
      'broken-values.csv:3:29 High: "abc" is not a number',
      'broken-values.csv:4:48 row has 5 cells, the header has 6',
      'broken-values.csv:5:52 Volume: empty cell, expected a number',
      'broken-values.csv:6:21 inconsistent bar: low 1.0725 is above high 1.0709',
      `broken-values.csv:7:1 time: "2017-04-31 14:00:00" is not a time; ${TIME_HINT}`,
      'broken-values.csv:8:1 time: 2017-04-19T12:00:00.000Z is before 2017-04-19T13:00:00.000Z on line 6; bars must be in ascending time order',
      'broken-values.csv:9:1 time: 2017-04-19T11:30:00.000Z is before 2017-04-19T12:00:00.000Z on line 8; bars must be in ascending time order',
    ]);
  });

  it('reports a duplicated timestamp and a malformed symbol', () => {
    expect(problems(() => readBarsCsv(fixture('duplicate.csv')))).toEqual([
      'duplicate.csv:4:1 timestamp: BTCUSDT duplicates the bar at 2021-11-17T02:00:00.000Z on line 3',
      'duplicate.csv:5:3 symbol: "BTC/USDT" is not a market symbol',
    ]);
  });

  it('names the missing columns of a file that holds no bars, such as funding rates', () => {
    expect(problems(() => readBarsCsv(fixture('XRPUSDT-funding-8h.csv')))).toEqual([
      'XRPUSDT-funding-8h.csv:1:1 missing columns "open", "high", "low", "close"; the header is timestamp,funding_rate; expected timestamp,open,high,low,close[,volume] (optionally with a symbol column) or an unnamed first column of dates with Open,High,Low,Close,Volume',
    ]);
  });

  it('refuses an empty file, a header without rows and a missing file', () => {
    expect(problems(() => readBarsCsv(fixture('empty.csv')))).toEqual([
      'empty.csv:1:1 the file is empty; expected a header such as timestamp,open,high,low,close,volume',
    ]);
    expect(problems(() => readBarsCsv(fixture('header-only.csv')))).toEqual([
      'header-only.csv:1:1 no bars after the header',
    ]);
    expect(problems(() => readBarsCsv(fixture('nope.csv')))).toEqual(['nope.csv no such file']);
  });

  it('reports the first 20 problems and counts the rest', () => {
    const lines = problems(() => readBarsCsv(fixture('many-errors.csv')));
    expect(lines).toHaveLength(21);
    expect(lines[0]).toBe(`many-errors.csv:2:1 timestamp: "x1" is not a time; ${TIME_HINT}`);
    expect(lines[20]).toBe('many-errors.csv … and 10 more problems');
  });

  it('asks for a symbol when neither the file nor its name has one', () => {
    expect(problems(() => parseBarsCsvText('time,open,high,low,close\n1,1,1,1,1\n', 'x.csv'))).toEqual([
      'x.csv cannot tell the market symbol: the file has no symbol column and its name does not start with one (like BTCUSDT-1h.csv); pass a symbol (FILE.csv:SYMBOL on the command line)',
    ]);
  });

  it('reads ISO offsets, fractional seconds and epoch milliseconds to the same instant', () => {
    const text = [
      'date,open,high,low,close',
      '2021-11-18T00:00:00.017Z,1,1,1,1',
      '2021-11-18T09:00:00+01:00,1,1,1,1',
      '1637229600000,1,1,1,1',
      '1637236800,1,1,1,1',
    ].join('\n');
    const bars = parseBarsCsvText(text, 'x.csv', { symbol: 'XRPUSDT' });
    expect(bars.map((b) => b.openTime)).toEqual([
      Date.UTC(2021, 10, 18, 0, 0, 0, 17),
      Date.UTC(2021, 10, 18, 8),
      Date.UTC(2021, 10, 18, 10),
      Date.UTC(2021, 10, 18, 12),
    ]);
  });

  const SHARED = join(ROOT, 'data/samples');
  it.skipIf(!existsSync(SHARED))(
    'reads every real bar file in full with the row counts its README states',
    () => {
      const count = (f: string): number => readBarsCsv(join(SHARED, f)).length;
      expect(count('EURUSD-1h.csv')).toBe(5_000);
      expect(count('GOOG-1d.csv')).toBe(2_148);
      expect(count('BTCUSD-1mo.csv')).toBe(156);
      expect(count('XRPUSDT-PERP-1h.csv')).toBe(100);
    },
  );
});
