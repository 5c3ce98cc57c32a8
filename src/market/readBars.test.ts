import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors/ConfigError.ts';
import { parseBarsJsonText } from './parseBarsJsonText.ts';
import { readBars } from './readBars.ts';
import { readFundingRates } from './readFundingRates.ts';

const DIR = join(import.meta.dirname, '../../test/fixtures/data');
const HOUR = 3_600_000;

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).message.replaceAll(`${DIR}/`, '');
  }
  throw new Error('expected a ConfigError');
}

const SHARED = join(import.meta.dirname, '../../data/samples');

describe.skipIf(!existsSync(SHARED))('every data set in data/samples', () => {
  const files = existsSync(SHARED) ? readdirSync(SHARED).filter((f) => /\.(csv|json)$/.test(f)) : [];
  it.each(files)('%s reads without error', (f) => {
    const file = join(SHARED, f);
    const n = f.includes('funding') ? readFundingRates(file).length : readBars(file).length;
    expect(n).toBeGreaterThan(0);
  });
});

describe('readBars on JSON in Freqtrade form', () => {
  it('reads [[ms, open, high, low, close, volume], …] as the bars the CSV of the same data gives', () => {
    const bars = readBars(join(DIR, 'ok/XRPUSDT-1h.json'));
    expect(bars).toHaveLength(3);
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

  it('reads epoch seconds and ISO strings as times, and a row without volume as volume 0', () => {
    const text = '[[1637110800, 1, 1, 1, 1], ["2021-11-17T02:00:00Z", 2, 2, 2, 2, 5]]';
    expect(parseBarsJsonText(text, 'BTCUSDT-1h.json').map((b) => [b.openTime, b.volume])).toEqual([
      [Date.UTC(2021, 10, 17, 1), 0],
      [Date.UTC(2021, 10, 17, 2), 5],
    ]);
  });

  it.each([
    [
      'XRPUSDT-truncated.json',
      ["XRPUSDT-truncated.json:2:25 not valid JSON: Expected ',' or ']' after array element"],
    ],
    [
      'XRPUSDT-object.json',
      [
        "XRPUSDT-object.json:1:1 expected a JSON array of bars [time ms, open, high, low, close, volume] (Freqtrade's form)",
      ],
    ],
    [
      'XRPUSDT-bad-rows.json',
      [
        'XRPUSDT-bad-rows.json:3:3 [1].open: "abc" is not a number',
        "XRPUSDT-bad-rows.json:4:3 [2]: expected bars [time ms, open, high, low, close, volume] (Freqtrade's form)",
        'XRPUSDT-bad-rows.json:5:3 [3].open: 0 is not a positive price',
        'XRPUSDT-bad-rows.json:6:3 [4].time: 2021-11-17T03:00:00.000Z is before 2021-11-17T04:00:00.000Z in row 3; bars must be in ascending time order',
      ],
    ],
  ])('refuses %s, each problem located', (file, expected) => {
    expect(messageOf(() => readBars(join(DIR, file))).split('\n')).toEqual(expected);
  });
});
