import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ByteRange, barChunkRanges } from './barChunkRanges.ts';

const dir = mkdtempSync(join(tmpdir(), 'perpflow-ranges-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** barChunkRanges over a file holding `text`, its rows starting at `start`. */
function rangesOf(text: string, start: number, k: number): readonly ByteRange[] {
  const file = join(dir, `r${k}-${text.length}.csv`);
  writeFileSync(file, text, 'latin1');
  const fd = openSync(file, 'r');
  try {
    return barChunkRanges(fd, start, text.length, k);
  } finally {
    closeSync(fd);
  }
}

describe('barChunkRanges', () => {
  it('cuts 400 lines of 10 bytes after a 20-byte header into k ranges of 100 lines each, at line starts', () => {
    const text = `${'h'.repeat(19)}\n${'123456789\n'.repeat(400)}`;
    expect(rangesOf(text, 20, 2)).toEqual([
      { start: 20, end: 2030 },
      { start: 2030, end: 4020 },
    ]);
    expect(rangesOf(text, 20, 4)).toEqual([
      { start: 20, end: 1030 },
      { start: 1030, end: 2030 },
      { start: 2030, end: 3030 },
      { start: 3030, end: 4020 },
    ]);
  });

  it('gives fewer ranges than asked, none empty, when the file has fewer lines than ranges', () => {
    const text = 'h\n1111111111\n2\n';
    expect(rangesOf(text, 2, 4)).toEqual([
      { start: 2, end: 13 },
      { start: 13, end: 15 },
    ]);
  });

  it('never cuts inside a last line that has no LF: the range runs to the end of the file', () => {
    const text = `h\n1\n${'2'.repeat(100)}`;
    expect(rangesOf(text, 2, 2)).toEqual([{ start: 2, end: 104 }]);
  });

  it('finds the line end past its 64 KiB probe when a line is longer', () => {
    const long = `${'9'.repeat(70_000)}\n`;
    const text = `h\n${long}1\n`;
    expect(rangesOf(text, 2, 2)).toEqual([
      { start: 2, end: 2 + long.length },
      { start: 2 + long.length, end: text.length },
    ]);
  });
});
