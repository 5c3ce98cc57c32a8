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
});
