import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readDataSplit } from '../../backtest/data/readDataSplit.ts';
import { barBytesPlan } from './barBytesPlan.ts';
import { barChunkRanges } from './barChunkRanges.ts';
import { parseBarChunk } from './parseBarChunk.ts';
import { readBarColumns } from './readBarColumns.ts';
import { readBarColumnsSplit, splitWays } from './readBarColumnsSplit.ts';

const dir = mkdtempSync(join(tmpdir(), 'perpflow-split-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = 'time,open,high,low,close,volume';
const T0 = Date.UTC(2020, 0, 1);
const MINUTE = 60_000;

/**
 * Rows of a seeded random walk with prices written as pandas writes floats (the shortest digits
 * that read back: 15–17 of them), one a minute; `skip` leaves out the minutes it names.
 */
function walkRows(count: number, skip: ReadonlySet<number> = new Set()): string[] {
  let x = 0x9e3779b9;
  const rnd = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4_294_967_296;
  };
  const rows: string[] = [];
  let price = 100;
  for (let i = 0; rows.length < count; i++) {
    const open = price;
    const close = open * (1 + (rnd() - 0.5) * 0.004);
    const high = Math.max(open, close) * (1 + rnd() * 0.001);
    const low = Math.min(open, close) * (1 - rnd() * 0.001);
    price = close;
    if (!skip.has(i))
      rows.push(`${new Date(T0 + i * MINUTE).toISOString()},${open},${high},${low},${close},${i % 7}`);
  }
  return rows;
}

/** Where the file's rows are cut in two. */
function cutOf(file: string): number {
  const text = readFileSync(file, 'latin1');
  const fd = openSync(file, 'r');
  try {
    const ranges = barChunkRanges(fd, text.indexOf('\n') + 1, text.length, 2);
    expect(ranges).toHaveLength(2);
    return ranges[1]?.start ?? -1;
  } finally {
    closeSync(fd);
  }
}

/** The error readData (the one-thread path, as today) throws for the file, and readDataSplit's. */
async function errors(file: string): Promise<readonly [string, string]> {
  const req = { data: [{ symbol: 'WALK', file }] };
  const today = (() => {
    try {
      readBarColumns(file, { symbol: 'WALK' });
      return 'no error';
    } catch (e) {
      return (e as Error).message;
    }
  })();
  const split = await readDataSplit(req).then(
    () => 'no error',
    (e: unknown) => (e as Error).message,
  );
  return [today, split];
}

describe('readBarColumnsSplit', () => {
  it('gives the one-thread columns, gaps and their line numbers for a CRLF file of pandas digits with blank lines at the cut and no newline at the end', async () => {
    const file = join(dir, 'WALK.csv');
    // Holes (within tolerance) on both sides of the cut, and one across it: their lines are reported.
    const rows = walkRows(4000, new Set([100, 101, 2000, 2001, 2002, 3500]));
    const blanks = Array.from({ length: 200 }, (_, i) => (i % 3 === 0 ? '\n' : '\r\n')).join('');
    const plain = `${HEADER}\r\n${rows.join('\r\n')}`;
    // The blank lines go in at the start of the row where the middle of the rows will fall.
    const start = HEADER.length + 2;
    const middle = start + Math.floor((plain.length + blanks.length - start) / 2);
    const at = plain.lastIndexOf('\n', middle) + 1;
    const text = plain.slice(0, at) + blanks + plain.slice(at);
    writeFileSync(file, text);
    const cut = cutOf(file);
    // The cut falls among the blank lines: blank lines end the first range and begin the second.
    expect(text.slice(cut - 3, cut)).toMatch(/\n\r?\n$/);
    expect(text.slice(cut, cut + 2)).toMatch(/^\r?\n/);
    const one = readBarColumns(file);
    const lineOf = (minute: number) =>
      text.slice(0, text.indexOf(new Date(T0 + minute * MINUTE).toISOString())).split('\n').length;
    expect(one.gaps.map((g) => g.line)).toEqual([lineOf(102), lineOf(2003), lineOf(3501)]);
    expect(text.indexOf(new Date(T0 + 3501 * MINUTE).toISOString())).toBeGreaterThan(cut);
    for (const ways of [2, 3, 4]) expect(await readBarColumnsSplit(file, {}, ways, 0)).toStrictEqual(one);
  });

  it('gives the one-thread columns when a hole lies exactly across the cut', async () => {
    const file = join(dir, 'WALK-hole.csv');
    const rows = walkRows(3000);
    writeFileSync(file, `${HEADER}\n${rows.join('\n')}\n`);
    const cut = cutOf(file);
    const after = readFileSync(file, 'latin1').slice(0, cut).split('\n').length - 1;
    // Without the rows just after the cut, the first row after it is three minutes on.
    const holed = walkRows(3000 - 2, new Set([after - 1, after]));
    writeFileSync(file, `${HEADER}\n${holed.join('\n')}\n`);
    const one = readBarColumns(file);
    const cutHoled = cutOf(file);
    expect(one.gaps.map((g) => g.line)).toEqual([
      readFileSync(file, 'latin1').slice(0, cutHoled).split('\n').length + 1,
    ]);
    expect(await readBarColumnsSplit(file, {}, 2, 0)).toStrictEqual(one);
  });

  it('gives the one-thread columns when the first row is far longer than the rest (the first range has no room for them all)', async () => {
    const file = join(dir, 'WALK-long-first.csv');
    const rows = Array.from({ length: 2000 }, (_, i) => `${(T0 + i * MINUTE) / 1000},1,1,1,1`);
    rows[0] = `${T0 / 1000},1.${'0'.repeat(200)},1,1,1`;
    writeFileSync(file, `time,open,high,low,close\n${rows.join('\n')}\n`);
    const one = readBarColumns(file, { symbol: 'WALK' });
    expect(one.time.length).toBe(2000);
    expect(await readBarColumnsSplit(file, { symbol: 'WALK' }, 2, 0)).toStrictEqual(one);
  });

  it('splits a file by default in as many ways as the host has cores, 4 at most', async () => {
    const file = join(dir, 'WALK-ways.csv');
    writeFileSync(file, `${HEADER}\n${walkRows(2000).join('\n')}\n`);
    expect(splitWays()).toBe(Math.min(availableParallelism(), 4));
    const split = readBarColumnsSplit(file, {}, undefined, 0);
    if (availableParallelism() < 2) await expect(split).resolves.toBeUndefined();
    else expect(await split).toStrictEqual(readBarColumns(file));
  });

  it('gives the one-thread columns when whole ranges hold only blank lines', async () => {
    const file = join(dir, 'WALK-blank.csv');
    const rows = walkRows(20);
    writeFileSync(
      file,
      `${HEADER}\n${rows.slice(0, 10).join('\n')}\n${'\n'.repeat(20_000)}${rows.slice(10).join('\n')}\n`,
    );
    const one = readBarColumns(file);
    expect(one.time.length).toBe(20);
    for (const ways of [3, 4]) expect(await readBarColumnsSplit(file, {}, ways, 0)).toStrictEqual(one);
  });

  it('leaves a file with a malformed row in its first range to the one-thread path', async () => {
    const file = join(dir, 'WALK-bad-first.csv');
    const rows = walkRows(3000);
    rows[10] = rows[10]?.replace(/,[^,]*,/, ',1;5,') ?? '';
    writeFileSync(file, `${HEADER}\n${rows.join('\n')}\n`);
    expect(cutOf(file)).toBeGreaterThan(readFileSync(file, 'latin1').indexOf('1;5'));
    await expect(readBarColumnsSplit(file, { symbol: 'WALK' }, 2, 0)).resolves.toBeUndefined();
  });

  it('splits a file exactly as large as the threshold, and not one a byte smaller than it', async () => {
    const file = join(dir, 'WALK-edge.csv');
    writeFileSync(file, `${HEADER}\n${walkRows(2000).join('\n')}\n`);
    const size = statSync(file).size;
    expect(await readBarColumnsSplit(file, {}, 2, size)).toStrictEqual(readBarColumns(file));
    await expect(readBarColumnsSplit(file, {}, 2, size + 1)).resolves.toBeUndefined();
  });

  it('closes every file it opens, whether it splits the file or leaves it to the one-thread path', async () => {
    const file = join(dir, 'WALK-fds.csv');
    writeFileSync(file, `${HEADER}\n${walkRows(2000).join('\n')}\n`);
    const small = join(dir, 'WALK-fds-small.csv');
    writeFileSync(small, `${HEADER}\n${walkRows(10).join('\n')}\n`);
    const open = () => readdirSync('/proc/self/fd').length;
    const before = open();
    for (let i = 0; i < 20; i++) {
      expect(await readBarColumnsSplit(file, {}, 2, 0)).toBeDefined();
      await expect(readBarColumnsSplit(small, {}, 2)).resolves.toBeUndefined();
    }
    // A thread leaves a few descriptors open for a while after it ends (5 here, whatever the count);
    // a file left open would leave one per call: 20 or more.
    expect(open()).toBeLessThan(before + 10);
  });

  it('leaves a file with a malformed row in its second range to the one-thread path, which names the line as today', async () => {
    const file = join(dir, 'WALK-bad.csv');
    const rows = walkRows(3000);
    rows[2500] = rows[2500]?.replace(/,[^,]*,/, ',1;5,') ?? '';
    writeFileSync(file, `${HEADER}\n${rows.join('\n')}\n`);
    expect(cutOf(file)).toBeLessThan(readFileSync(file, 'latin1').indexOf('1;5'));
    await expect(readBarColumnsSplit(file, { symbol: 'WALK' }, 2, 0)).resolves.toBeUndefined();
    const [today, split] = await errors(file);
    expect(today).toBe(`${file}:2502:26 open: "1;5" is not a number`);
    expect(split).toBe(today);
  });

  it('refuses a time that goes back exactly at the cut, as the one-thread path does', async () => {
    const file = join(dir, 'WALK-back.csv');
    const rows = walkRows(3000);
    writeFileSync(file, `${HEADER}\n${rows.join('\n')}\n`);
    const text = readFileSync(file, 'latin1');
    const cut = cutOf(file);
    // The first row after the cut takes the time of the last row before it (same length: the cut stays).
    const lastTime = text.slice(text.lastIndexOf('\n', cut - 2) + 1).slice(0, 24);
    writeFileSync(file, text.slice(0, cut) + lastTime + text.slice(cut + 24));
    expect(cutOf(file)).toBe(cut);
    const line = text.slice(0, cut).split('\n').length;
    await expect(readBarColumnsSplit(file, { symbol: 'WALK' }, 2, 0)).resolves.toBeUndefined();
    const [today, split] = await errors(file);
    expect(today).toBe(
      `${file}:${line}:1 time: duplicates the bar at ${new Date(lastTime).toISOString()} on line ${line - 1}`,
    );
    expect(split).toBe(today);
  });

  it('leaves a file below the threshold, or a header the byte parser does not take, to the one-thread path', async () => {
    const file = join(dir, 'WALK-small.csv');
    writeFileSync(file, `${HEADER}\n${walkRows(100).join('\n')}\n`);
    await expect(readBarColumnsSplit(file, {}, 2)).resolves.toBeUndefined();
    const quoted = join(dir, 'WALK-quoted.csv');
    writeFileSync(quoted, `"time",open,high,low,close,volume\n${walkRows(100).join('\n')}\n`);
    await expect(readBarColumnsSplit(quoted, {}, 2, 0)).resolves.toBeUndefined();
    expect((await readDataSplit({ data: [{ symbol: 'WALK', file: quoted }] })).feeds[0]).toStrictEqual(
      readBarColumns(file, { symbol: 'WALK' }),
    );
  });

  it('leaves a range the file no longer holds (it shrank since it was cut) to the one-thread path', () => {
    const file = join(dir, 'WALK-shrunk.csv');
    const text = `${HEADER}\n${walkRows(100).join('\n')}\n`;
    writeFileSync(file, text);
    const plan = barBytesPlan(Buffer.from(HEADER), file, {});
    expect(plan).toBeDefined();
    if (plan === undefined) return;
    const start = HEADER.length + 1;
    expect(parseBarChunk(file, { start, end: text.length }, plan)?.raw.length).toBe(100);
    expect(parseBarChunk(file, { start, end: text.length + 10 }, plan)).toBeUndefined();
  });
});
