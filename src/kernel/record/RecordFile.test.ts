import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { holdsOpen } from './holdsOpen.ts';
import { RecordFile } from './RecordFile.ts';
import { readRecording } from './readRecording.ts';
import { isGzip, recordingText } from './recordingText.ts';
import { testHeader } from './testHeader.ts';

const header = (cont: boolean) => testHeader({ cont });
const jobLine = (t: number) => JSON.stringify({ k: 'j', t, n: 'a' });
const newPath = (): string => join(mkdtempSync(join(tmpdir(), 'perpflow-recfile-')), 'j.sqlite.rec');

/** Waits, turn after turn (2 s at most), for the file on disk to read `text`, without asking RecordFile to settle. */
async function onDisk(path: string, text: string): Promise<string> {
  const deadline = Date.now() + 2_000;
  let got = existsSync(path) ? recordingText(path) : '';
  while (got !== text && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 5));
    got = existsSync(path) ? recordingText(path) : '';
  }
  return got;
}

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

  it('writes each turn’s lines at the turn’s end, turn after turn, unasked', async () => {
    const path = newPath();
    const file = new RecordFile(path, new VirtualClock(), 65_536);
    file.open();
    file.append(header(false));
    file.append(jobLine(1));
    expect(await onDisk(path, `${header(false)}\n${jobLine(1)}\n`)).toBe(`${header(false)}\n${jobLine(1)}\n`);
    file.append(jobLine(2));
    const two = `${header(false)}\n${jobLine(1)}\n${jobLine(2)}\n`;
    expect(await onDisk(path, two)).toBe(two);
    await file.settled(); // a flush asked for, then a turn's again
    file.append(jobLine(3));
    expect(await onDisk(path, `${two}${jobLine(3)}\n`)).toBe(`${two}${jobLine(3)}\n`);
    await file.close();
  });

  it('writes at open what was appended before it, unasked', async () => {
    const path = newPath();
    const file = new RecordFile(path, new VirtualClock(), 65_536);
    file.append(header(false));
    file.append(jobLine(1));
    await new Promise((r) => setImmediate(r)); // the turn ends before the file is open
    file.open();
    const text = `${header(false)}\n${jobLine(1)}\n`;
    expect(await onDisk(path, text)).toBe(text);
    await file.close();
  });

  it('settles at once when never opened', async () => {
    const file = new RecordFile(newPath(), new VirtualClock(), 65_536);
    file.append(header(false));
    await file.settled();
    expect(existsSync(file.path)).toBe(false);
  });

  it('opens once: a second open neither sets the file aside nor starts another', async () => {
    const path = newPath();
    const file = new RecordFile(path, new VirtualClock(), 65_536);
    file.open();
    file.append(header(false));
    file.append(jobLine(1));
    await file.settled();
    file.open();
    file.append(jobLine(2));
    await file.close();
    expect(readdirSync(join(path, '..'))).toEqual(['j.sqlite.rec']);
    expect(readRecording(path).map((run) => run.lines.map((l) => l.t))).toEqual([[1, 2]]);
  });

  it('after close, writes nothing more and holds no file open', async () => {
    const path = newPath();
    const file = new RecordFile(path, new VirtualClock(), 65_536);
    file.open();
    file.append(header(false));
    await file.close();
    const closed = readFileSync(path);
    file.append(jobLine(1));
    file.open();
    await new Promise((r) => setTimeout(r, 20));
    await file.close();
    expect(readFileSync(path)).toEqual(closed);
    expect(holdsOpen(path)).toBe(false);
  });

  it('sets the file aside once its size on disk is exactly maxBytes', async () => {
    const write = async (maxBytes: number): Promise<{ size: number; files: number }> => {
      const path = newPath();
      const file = new RecordFile(path, new VirtualClock(), maxBytes, () => [header(true)]);
      file.open();
      file.append(header(false));
      file.append(jobLine(1));
      await file.settled();
      const size = statSync(path).size;
      file.append(jobLine(2));
      await file.close();
      return { size, files: readdirSync(join(path, '..')).length };
    };
    const { size } = await write(1 << 20);
    expect(await write(size)).toEqual({ size, files: 2 });
    expect((await write(size + 1)).files).toBe(1);
  });

  it('a file set aside is ended (a whole gzip stream) and closed, and the next begins with no first lines when none are given', async () => {
    const path = newPath();
    const file = new RecordFile(path, new VirtualClock(), 1);
    file.open();
    file.append(header(false));
    await file.settled();
    file.append(jobLine(1));
    await file.close();
    const [aside] = readdirSync(join(path, '..')).filter((f) => f !== 'j.sqlite.rec');
    const asidePath = join(path, '..', aside ?? '');
    expect(gunzipSync(readFileSync(asidePath)).toString('utf8')).toBe(`${header(false)}\n`); // strict: throws on no end
    expect(holdsOpen(asidePath)).toBe(false);
    expect(recordingText(path)).toBe(`${jobLine(1)}\n`);
  });

  it('sets nothing aside at a new day while the file holds no line yet', async () => {
    const path = newPath();
    const clock = new VirtualClock(Date.UTC(2026, 2, 2, 23, 59));
    const file = new RecordFile(path, clock, 65_536);
    await clock.advance(120_000); // past midnight before the first line
    file.open();
    file.append(header(false));
    file.append(jobLine(1));
    await file.close();
    expect(readdirSync(join(path, '..'))).toEqual(['j.sqlite.rec']);
  });
});
