import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors/ConfigError.ts';
import { readFundingRates } from './readFundingRates.ts';

const ROOT = join(import.meta.dirname, '../..');
const DIR = join(ROOT, 'test/fixtures/data');
const SHARED = join(ROOT, 'data/samples');

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).message.replaceAll(`${DIR}/`, '');
  }
  throw new Error('expected a ConfigError');
}

describe('readFundingRates', () => {
  it.skipIf(!existsSync(SHARED))(
    'reads the shared XRPUSDT 8 h series: 91 rates of 0.01 % from 2021-11-18',
    () => {
      const rates = readFundingRates(join(SHARED, 'XRPUSDT-PERP-funding-8h.csv'));
      expect(rates).toHaveLength(91);
      expect(rates[0]).toEqual({ time: Date.UTC(2021, 10, 18, 0, 0, 0, 17), rate: 0.0001 });
      expect(rates[90]).toEqual({ time: Date.UTC(2021, 11, 18, 0, 0, 0, 14), rate: 0.0001 });
    },
  );

  it("reads Freqtrade's JSON, where each rate is a candle whose open is the rate", () => {
    expect(readFundingRates(join(DIR, 'ok/XRPUSDT-funding-8h.json'))).toEqual([
      { time: 1_637_193_600_017, rate: 0.0001 },
      { time: 1_637_222_400_007, rate: -0.00005 },
      { time: 1_637_251_200_011, rate: 0.0001 },
    ]);
  });

  it('reads exchange JSON objects with fundingTime and a fundingRate string', () => {
    expect(readFundingRates(join(DIR, 'ok/XRPUSDT-funding-objects.json'))).toEqual([
      { time: 1_637_193_600_017, rate: 0.0001 },
      { time: 1_637_222_400_007, rate: -0.00005 },
    ]);
  });

  it.each([
    [
      'XRPUSDT-funding-percent.csv',
      [
        'XRPUSDT-funding-percent.csv:3:22 funding_rate: 1.5 is 100 % or more per funding period; write rates as fractions (0.0001 = 0.01 %)',
        'XRPUSDT-funding-percent.csv:4:22 funding_rate: "abc" is not a number',
      ],
    ],
    [
      'XRPUSDT-funding-unsorted.csv',
      [
        'XRPUSDT-funding-unsorted.csv:3:1 2021-11-18T00:00:00.000Z is before 2021-11-18T08:00:00.000Z on line 2; funding times must ascend',
      ],
    ],
    ['XRPUSDT-funding-no-rate.json', ['XRPUSDT-funding-no-rate.json:2:2 [1]: has no rate (a number)']],
    [
      'BTCUSDT-binary.csv',
      ['BTCUSDT-binary.csv not a text CSV: byte 33 is a NUL byte (a binary or UTF-16 file?)'],
    ],
  ])('refuses %s, each problem located', (file, expected) => {
    expect(messageOf(() => readFundingRates(join(DIR, file))).split('\n')).toEqual(expected);
  });
});
