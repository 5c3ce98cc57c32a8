import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { RecordFile } from './RecordFile.ts';
import { readRecording } from './readRecording.ts';

const header = (cont: boolean) =>
  JSON.stringify({
    k: 'h',
    v: 1,
    t: 0,
    mode: 'sim',
    eph: false,
    cfg: {},
    file: 'x',
    mods: {},
    sub: '0x',
    chain: 1,
    ...(cont ? { cont } : {}),
  });

describe('RecordFile', () => {
  it('sets the file aside gzipped past its size and at each UTC day, each new file headed, and reads back as one run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-recfile-'));
    const path = join(dir, 'j.sqlite.rec');
    const clock = new VirtualClock(Date.UTC(2026, 2, 2, 23, 59));
    const file = new RecordFile(path, clock, 65_536, () => [header(true)]);
    file.append(header(false));
    const line = (t: number) => JSON.stringify({ k: 'j', t, n: 'x'.repeat(1_000) });
    for (let i = 0; i < 100; i++) {
      file.append(line(i));
      file.flush();
    }
    await clock.advance(120_000); // past midnight: a new day, a new file
    file.append(line(100));
    await file.close();
    const aside = readdirSync(dir).filter((f) => f !== 'j.sqlite.rec');
    expect(aside.length).toBe(2);
    expect(aside.every((f) => f.endsWith('.gz'))).toBe(true);
    expect(existsSync(path)).toBe(true);
    const [run, ...more] = readRecording(path);
    expect(more).toEqual([]);
    expect(run?.lines.map((l) => l.t)).toEqual([...Array(101).keys()]);
  });

  it('ends a line a killed process cut short, so the lines of the next process read on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-recfile-'));
    const path = join(dir, 'j.sqlite.rec');
    writeFileSync(path, `${header(false)}\n${JSON.stringify({ k: 'j', t: 1, n: 'a' })}\n{"k":"j","t":2,"n`);
    const file = new RecordFile(path, new VirtualClock(), 65_536);
    file.append(header(false));
    file.append(JSON.stringify({ k: 'j', t: 3, n: 'b' }));
    await file.close();
    expect(readRecording(path).map((run) => run.lines.map((l) => l.t))).toEqual([[1], [3]]);
  });

  it('writes what a turn appended at its end, in order, and again each later turn', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'perpflow-recfile-')), 'r.rec');
    const file = new RecordFile(path, new VirtualClock(), 65_536);
    file.append('a');
    file.append('b');
    expect(readFileSync(path, 'utf8')).toBe('');
    await turnEnd();
    expect(readFileSync(path, 'utf8')).toBe('a\nb\n');
    file.append('c');
    await turnEnd();
    expect(readFileSync(path, 'utf8')).toBe('a\nb\nc\n');
    file.flush();
    expect(readFileSync(path, 'utf8')).toBe('a\nb\nc\n');
    await file.close();
  });

  it('after close writes nothing more, closes its file once, and a second close resolves', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'perpflow-recfile-')), 'r.rec');
    const before = openFiles();
    const file = new RecordFile(path, new VirtualClock(), 65_536);
    file.append('a');
    await file.close();
    expect(openFiles()).toBe(before);
    file.append('late');
    file.flush();
    await turnEnd();
    await expect(file.close()).resolves.toBeUndefined();
    expect(readFileSync(path, 'utf8')).toBe('a\n');
  });

  it('adds no line ending to a file that ends with one', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'perpflow-recfile-')), 'r.rec');
    writeFileSync(path, 'a\n');
    const file = new RecordFile(path, new VirtualClock(), 65_536);
    file.append('b');
    await file.close();
    expect(readFileSync(path, 'utf8')).toBe('a\nb\n');
  });

  it('sets the file aside once it holds maxBytes, not before; each file set aside begins with the header again and no file is left open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-recfile-'));
    const path = join(dir, 'r.rec');
    const before = openFiles();
    const file = new RecordFile(path, new VirtualClock(), 8, () => ['{"k":"h","cont":true}']);
    file.append('1234567'); // 8 bytes with its newline: not more than maxBytes yet
    file.flush();
    expect(readdirSync(dir)).toEqual(['r.rec']);
    file.append('next');
    file.flush();
    await file.close();
    expect(openFiles()).toBe(before);
    const aside = readdirSync(dir).filter((f) => f !== 'r.rec');
    expect(aside).toHaveLength(1);
    expect(aside[0]).toMatch(/^r\.rec\.\d{4}-\d\d-\d\dT[\d-]+Z\.gz$/);
    expect(gunzipSync(readFileSync(join(dir, aside[0] ?? ''))).toString()).toBe('1234567\n');
    expect(statSync(join(dir, aside[0] ?? '')).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toBe('{"k":"h","cont":true}\nnext\n');
  });

  it('sets aside nothing at a new day while the file is empty, and needs no first lines', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-recfile-'));
    const path = join(dir, 'r.rec');
    const clock = new VirtualClock(Date.UTC(2026, 2, 2, 23, 59));
    const file = new RecordFile(path, clock, 65_536);
    await clock.advance(120_000);
    file.append('a');
    file.flush();
    expect(readdirSync(dir)).toEqual(['r.rec']);
    await clock.advance(86_400_000);
    file.append('b');
    file.flush();
    await file.close();
    expect(readdirSync(dir).filter((f) => f !== 'r.rec')).toHaveLength(1);
    expect(readFileSync(path, 'utf8')).toBe('b\n');
  });
});

const turnEnd = () => new Promise((r) => setImmediate(r));
/** This process's open file descriptors (Linux). */
const openFiles = () => readdirSync('/proc/self/fd').length;
