import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
});
