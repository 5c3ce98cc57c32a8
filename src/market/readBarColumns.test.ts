import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bar } from '../domain/bar.ts';
import { ConfigError } from '../errors/ConfigError.ts';
import { type BarColumns, parseBarColumns } from './parseBarColumns.ts';
import { parseBarColumnsFast } from './parseBarColumnsFast.ts';
import { parseBarsCsvText } from './parseBarsCsvText.ts';
import { readBarColumns } from './readBarColumns.ts';
import { readBarsCsv } from './readBarsCsv.ts';
import { readTextFile } from './readTextFile.ts';

const ROOT = join(import.meta.dirname, '../..');
const SHARED = join(ROOT, 'data/samples');
const BROKEN = join(ROOT, 'test/fixtures/data');
const BARS = join(ROOT, 'test/fixtures/bars');

/** The columns as bars, to compare with the general path. */
function asBars(c: BarColumns): Bar[] {
  return Array.from(c.time, (t, i) => ({
    symbol: c.symbol,
    openTime: t,
    intervalMs: c.intervalMs,
    open: c.open[i] as number,
    high: c.high[i] as number,
    low: c.low[i] as number,
    close: c.close[i] as number,
    volume: c.volume[i] as number,
  }));
}

/** Either the value or the ConfigError's text. */
function outcome<T>(run: () => T): T | string {
  try {
    return run();
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
}

describe('readBarColumns', () => {
  const shared = existsSync(SHARED)
    ? readdirSync(SHARED).filter((f) => f.endsWith('-1h.csv') || /-1(d|mo)\.csv$/.test(f))
    : [];
  it.each(shared)('reads %s on the fast path to the very bars readBarsCsv reads', (f) => {
    const file = join(SHARED, f);
    expect(parseBarColumnsFast(readTextFile(file, 'CSV'), file, {})).toBeDefined();
    expect(asBars(readBarColumns(file))).toEqual(readBarsCsv(file));
  });

  it.skipIf(!existsSync(SHARED))(
    'lists the tolerated holes of EURUSD: 42 weekends and holidays, each located',
    () => {
      const c = readBarColumns(join(SHARED, 'EURUSD-1h.csv'));
      expect(c.gaps).toHaveLength(42);
      expect(c.gaps[0]).toEqual({
        symbol: 'EURUSD',
        index: 60,
        fromLine: 61,
        line: 62,
        from: Date.UTC(2017, 3, 21, 20),
        to: Date.UTC(2017, 3, 23, 21),
        missing: 48,
      });
    },
  );

  it.each(readdirSync(BROKEN).filter((f) => f.endsWith('.csv')))(
    'refuses %s with the message readBarsCsv gives',
    (f) => {
      const file = join(BROKEN, f);
      const message = outcome(() => readBarsCsv(file));
      expect(typeof message).toBe('string');
      expect(outcome(() => readBarColumns(file))).toBe(message);
    },
  );

  it('reads one market of a multi-market file when told which, and refuses to guess', () => {
    const file = join(BARS, 'multi.csv');
    expect(Array.from(readBarColumns(file, { symbol: 'ETHUSDT' }).close)).toEqual([4205, 4215]);
    expect(outcome(() => readBarColumns(file))).toBe(
      `${file} the file holds several markets (BTCUSDT, ETHUSDT); name the one to read (FILE.csv:SYMBOL)`,
    );
  });

  it('agrees with the general path on any mix of good and bad rows (property)', () => {
    const cell = fc.oneof(
      fc.constantFrom('1', '2', '3', '0', '-1', '', 'abc', '0x2', ' 2', '2 ', '1e0', 'Infinity'),
      fc.double({ min: 0.5, max: 3, noNaN: true }).map(String),
    );
    // Flat bars (open = high = low = close) are consistent, so their price alone decides.
    const flat = fc.constantFrom('0', '-1', '1', '2.5').map((v) => [v, v, v, v, '7']);
    const cells = fc.oneof(fc.array(cell, { minLength: 4, maxLength: 6 }), flat);
    const row = fc.tuple(fc.integer({ min: 0, max: 6 }), cells);
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 8 }), fc.boolean(), (rows, crlf) => {
        const end = crlf ? '\r\n' : '\n';
        const body = rows.map(([h, cells]) => [`2021-11-17T0${h}:00:00Z`, ...cells].join(','));
        const text = ['timestamp,open,high,low,close,volume', ...body].join(end);
        const general = outcome(() => parseBarsCsvText(text, 'XRPUSDT.csv'));
        const columns = outcome(() => parseBarColumns(text, 'XRPUSDT.csv'));
        expect(typeof columns === 'string' ? columns : asBars(columns)).toEqual(general);
      }),
      { numRuns: 500 },
    );
  });
});
