import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors/ConfigError.ts';
import { parseBarsCsvText } from './parseBarsCsvText.ts';
import { readBarsCsv } from './readBarsCsv.ts';

const DIR = join(import.meta.dirname, '../../test/fixtures/data');
const TIME_HINT =
  'expected ISO 8601 (2021-11-17T01:00:00Z), YYYY-MM-DD[ HH:MM:SS] in UTC, or epoch seconds or milliseconds';

/** What a user reads for a file: the ConfigError's text, with the fixture folder cut off. */
function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).message.replaceAll(`${DIR}/`, '');
  }
  throw new Error('expected a ConfigError');
}

describe('readBarsCsv refuses each kind of broken file with its location', () => {
  it.each([
    [
      'BTCUSDT-binary.csv',
      'BTCUSDT-binary.csv not a text CSV: byte 33 is a NUL byte (a binary or UTF-16 file?)',
    ],
    [
      'BTCUSDT-latin1.csv',
      'BTCUSDT-latin1.csv not a text CSV: it is not valid UTF-8 (a binary file, or another encoding?)',
    ],
    [
      'BTCUSDT-control-char.csv',
      'BTCUSDT-control-char.csv not a text CSV: line 3, column 23 holds a control character (a binary file?)',
    ],
    ['XRPUSDT-bad-number.csv', 'XRPUSDT-bad-number.csv:3:24 high: "1;5" is not a number'],
    [
      'XRPUSDT-bad-time.csv',
      `XRPUSDT-bad-time.csv:3:1 timestamp: "17/11/2021 02:00" is not a time; ${TIME_HINT}`,
    ],
    [
      'XRPUSDT-microseconds.csv',
      `XRPUSDT-microseconds.csv:2:1 timestamp: "1637110800123456" is not a time; ${TIME_HINT}`,
    ],
    ['XRPUSDT-short-row.csv', 'XRPUSDT-short-row.csv:3:27 row has 4 cells, the header has 5'],
    ['XRPUSDT-zero-price.csv', 'XRPUSDT-zero-price.csv:3:22 open 0 is not a positive price'],
    ['XRPUSDT-negative-price.csv', 'XRPUSDT-negative-price.csv:3:22 open -1.08 is not a positive price'],
    [
      'XRPUSDT-high-below-low.csv',
      'XRPUSDT-high-below-low.csv:3:22 inconsistent bar: low 1.09 is above high 1.07',
    ],
    [
      'XRPUSDT-open-outside.csv',
      'XRPUSDT-open-outside.csv:3:22 inconsistent bar: open 1.1 is outside [low, high]',
    ],
    [
      'XRPUSDT-close-outside.csv',
      'XRPUSDT-close-outside.csv:3:22 inconsistent bar: close 1.06 is outside [low, high]',
    ],
    [
      'XRPUSDT-unsorted.csv',
      'XRPUSDT-unsorted.csv:4:1 timestamp: 2021-11-17T02:00:00.000Z is before 2021-11-17T03:00:00.000Z on line 3; bars must be in ascending time order',
    ],
    [
      'XRPUSDT-duplicate.csv',
      'XRPUSDT-duplicate.csv:4:1 timestamp: duplicates the bar at 2021-11-17T02:00:00.000Z on line 3',
    ],
    [
      'XRPUSDT-gap.csv',
      'XRPUSDT-gap.csv:5:1 timestamp: a gap of 8 d 1 h after the bar at 2021-11-01T02:00:00.000Z on line 4 (192 bars missing) is longer than the tolerance of 7 d; fill the hole or raise maxGapMs',
    ],
  ])('%s', (file, expected) => {
    expect(messageOf(() => readBarsCsv(join(DIR, file)))).toBe(expected);
  });

  it('accepts the gap when the tolerance is raised, and a hole of exactly 7 days by default', () => {
    expect(readBarsCsv(join(DIR, 'XRPUSDT-gap.csv'), { maxGapMs: 9 * 86_400_000 })).toHaveLength(5);
    const week = 'time,open,high,low,close\n2021-11-01,1,1,1,1\n2021-11-02,1,1,1,1\n2021-11-09,1,1,1,1\n';
    expect(parseBarsCsvText(week, 'XRPUSDT-1d.csv').map((b) => b.openTime)).toEqual([
      Date.UTC(2021, 10, 1),
      Date.UTC(2021, 10, 2),
      Date.UTC(2021, 10, 9),
    ]);
  });
});
