import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { RecordFile } from './RecordFile.ts';
import { readRecording } from './readRecording.ts';
import { isGzip } from './recordingText.ts';
import { testHeader } from './testHeader.ts';

const header = (cont: boolean) => testHeader({ cont });

describe('RecordFile', () => {
  it('sets the file aside past its size on disk and at each UTC day, every file gzip and headed, and reads back as one run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-recfile-'));
    const path = join(dir, 'j.sqlite.rec');
    const clock = new VirtualClock(Date.UTC(2026, 2, 2, 23, 59));
    const file = new RecordFile(path, clock, 65_536, () => [header(true)]);
    file.open();
    file.append(header(false));
    // Random digits: they do not compress, so 100 lines of 1.2 KB pass 64 KB on disk.
    const line = (t: number) => JSON.stringify({ k: 'j', t, n: randomBytes(900).toString('base64') });
    for (let i = 0; i < 100; i++) {
      file.append(line(i));
      await file.settled();
    }
    await clock.advance(120_000); // past midnight: a new day, a new file
    file.append(line(100));
    await file.close();
    const aside = readdirSync(dir).filter((f) => f !== 'j.sqlite.rec');
    expect(aside.length).toBe(2);
    expect(aside.every((f) => f.endsWith('.gz'))).toBe(true);
    expect([path, ...aside.map((f) => join(dir, f))].every(isGzip)).toBe(true);
    const [run, ...more] = readRecording(path);
    expect(more).toEqual([]);
    expect(run?.lines.map((l) => l.t)).toEqual([...Array(101).keys()]);
  });

  it('sets aside the file a previous process left (here an older plain one, its last line cut by a kill), and both read on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-recfile-'));
    const path = join(dir, 'j.sqlite.rec');
    writeFileSync(path, `${header(false)}\n${JSON.stringify({ k: 'j', t: 1, n: 'a' })}\n{"k":"j","t":2,"n`);
    const file = new RecordFile(path, new VirtualClock(), 65_536);
    file.open();
    file.append(header(false));
    file.append(JSON.stringify({ k: 'j', t: 3, n: 'b' }));
    await file.close();
    expect(readdirSync(dir).length).toBe(2);
    expect(readRecording(path).map((run) => run.lines.map((l) => l.t))).toEqual([[1], [3]]);
  });

  it('starts over a file left empty by a process killed before its first batch was on disk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-recfile-'));
    const path = join(dir, 'j.sqlite.rec');
    writeFileSync(path, '');
    const file = new RecordFile(path, new VirtualClock(), 65_536);
    file.open();
    file.append(header(false));
    file.append(JSON.stringify({ k: 'j', t: 1, n: 'a' }));
    await file.close();
    expect(readdirSync(dir)).toEqual(['j.sqlite.rec']);
    expect(readRecording(path).map((run) => run.lines.map((l) => l.t))).toEqual([[1]]);
  });

  it('touches nothing on disk until opened: a second start refused the journal leaves the running one’s file be', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-recfile-'));
    const path = join(dir, 'j.sqlite.rec');
    const clock = new VirtualClock(Date.UTC(2026, 2, 2, 9));
    const running = new RecordFile(path, clock, 65_536);
    running.open();
    running.append(header(false));
    running.append(JSON.stringify({ k: 'j', t: 1, n: 'a' }));
    await running.settled();
    const refused = new RecordFile(path, clock, 65_536);
    refused.append(header(false));
    await refused.close(); // never opened: its start was refused
    running.append(JSON.stringify({ k: 'j', t: 2, n: 'b' }));
    await running.close();
    expect(readdirSync(dir)).toEqual(['j.sqlite.rec']);
    expect(readRecording(path).map((run) => run.lines.map((l) => l.t))).toEqual([[1, 2]]);
  });

  it('a second process in the same millisecond sets the first one’s file aside under the next free name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-recfile-'));
    const path = join(dir, 'j.sqlite.rec');
    const clock = new VirtualClock(Date.UTC(2026, 2, 2, 9));
    for (const t of [1, 2, 3]) {
      const file = new RecordFile(path, clock, 65_536);
      file.open();
      file.append(header(false));
      file.append(JSON.stringify({ k: 'j', t, n: 'a' }));
      await file.close();
    }
    expect(existsSync(path)).toBe(true);
    expect(readdirSync(dir).length).toBe(3);
    expect(readRecording(path).map((run) => run.lines.map((l) => l.t))).toEqual([[1], [2], [3]]);
  });
});
