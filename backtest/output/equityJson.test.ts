import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ByteFile } from './ByteFile.ts';
import { writeEquityItems } from './equityJson.ts';

const dir = mkdtempSync(join(tmpdir(), 'equity-json-'));

/** The file's text after `lead` then the curve's items, through a buffer of `size` bytes. */
function written(size: number, lead: string, time: Float64Array, equity: Float64Array): string {
  const file = join(dir, 'out.json');
  const out = new ByteFile(file, size);
  // The lead's bytes put straight at the buffer's start (text() might flush them).
  out.buf.write(lead, 0, 'latin1');
  out.pos = lead.length;
  writeEquityItems(out, { time, equity });
  out.close();
  return readFileSync(file, 'latin1');
}

/** The items as JSON.stringify writes each point, one per line. */
const stringified = (time: Float64Array, equity: Float64Array) =>
  Array.from(
    time,
    (t, i) => `\n    ${JSON.stringify({ time: new Date(t).toISOString(), equity: equity[i] })}`,
  ).join(',');

describe('writeEquityItems', () => {
  it("writes each point as JSON.stringify's line: awkward numbers and times, across many flushes", () => {
    const values = [
      0.5,
      7,
      -1.5,
      -0,
      1e21,
      1e-7,
      Number.NaN,
      Number.NEGATIVE_INFINITY,
      9999558.105999999,
      10000012.345,
    ];
    const n = 2_000;
    const time = Float64Array.from({ length: n }, (_, i) => Date.UTC(2024, 0, 1) + i * 61_001 - 9e11);
    const equity = Float64Array.from({ length: n }, (_, i) => (values[i % 10] ?? 0) * (1 + (i % 13) / 8));
    expect(written(1_000, '', time, equity)).toBe(stringified(time, equity));
  });

  it('fits the longest point wherever in the buffer it starts', () => {
    // The last time a Date holds and the longest number: a point's most bytes.
    const time = Float64Array.of(8.64e15, 8.64e15);
    const equity = Float64Array.of(-0.0000012345678901234567, -0.0000012345678901234567);
    for (let lead = 0; lead < 200; lead++)
      expect(written(200, '#'.repeat(lead), time, equity)).toBe('#'.repeat(lead) + stringified(time, equity));
  });

  it('writes every time as toISOString where the day written last cannot serve: backwards, fractional, before 1970, past year 9999', () => {
    const d = Date.UTC(2024, 5, 1);
    const times = [
      d + 5_000,
      d + 4_000, // backwards within the day
      d - 1, // backwards into the day before
      d + 1.5, // fractional (toISOString drops the fraction)
      d + 2,
      d + 3.75, // fractional within the day written last
      d + 86_399_999,
      d + 86_400_000,
      d - 1.25,
      -1,
      -86_400_001,
      -86_400_000,
      -62_198_755_200_001, // year −1
      -62_198_755_200_000,
      Date.UTC(10_000, 0, 1, 13, 5, 9, 70), // "+010000-…"
      Date.UTC(10_000, 0, 1, 23, 59, 59, 999),
      8.64e15 - 1,
      8.64e15,
    ];
    const time = Float64Array.from(times);
    const equity = Float64Array.from(times, (_, i) => 100 + i / 3);
    expect(written(1_000, '', time, equity)).toBe(stringified(time, equity));
  });

  it('throws the RangeError of toISOString past the last time a Date holds, in the same day as a time written', () => {
    const time = Float64Array.of(8.64e15, 8.64e15 + 1);
    expect(() => written(1_000, '', time, Float64Array.of(1, 2))).toThrow(RangeError);
  });
});
