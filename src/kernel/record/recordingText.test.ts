import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { holdsOpen } from './holdsOpen.ts';
import { RecordFile } from './RecordFile.ts';
import { readRecording } from './readRecording.ts';
import { isGzip, recordingText } from './recordingText.ts';
import { testHeader } from './testHeader.ts';

const HEADER = testHeader();
const job = (t: number) => JSON.stringify({ k: 'j', t, n: `reconcile ${t % 7}` });

/** The clock readings of the lines a recording holds, in order. */
const readings = (path: string): number[] => readRecording(path).flatMap((run) => run.lines.map((l) => l.t));

describe('a compressed recording cut short by a kill', () => {
  it('cut at any byte, reads back every batch that was on disk before the cut, and nothing out of order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-rectext-'));
    const path = join(dir, 'j.rec');
    const file = new RecordFile(path, new VirtualClock(), 1 << 20);
    file.open();
    file.append(HEADER);
    /** The file's size on disk once each batch was written, and how many lines it held then. */
    const batches: { readonly bytes: number; readonly lines: number }[] = [];
    let t = 0;
    for (let b = 0; b < 12; b++) {
      for (let i = 0; i < 1 + (b % 4); i++) file.append(job(t++));
      await file.settled();
      batches.push({ bytes: statSync(path).size, lines: t });
    }
    // Never closed: the gzip stream has no end, as a killed process leaves it.
    const whole = readFileSync(path);
    const cut = join(mkdtempSync(join(tmpdir(), 'perpflow-rectext-')), 'j.rec');
    for (let n = 0; n <= whole.length; n++) {
      writeFileSync(cut, whole.subarray(0, n));
      const got = readings(cut);
      const onDisk = batches.filter((x) => x.bytes <= n).at(-1)?.lines ?? 0;
      expect(got, `cut at byte ${n}`).toEqual([...Array(got.length).keys()]);
      expect(got.length, `cut at byte ${n}`).toBeGreaterThanOrEqual(onDisk);
    }
    expect(readings(path)).toEqual([...Array(t).keys()]);
    await file.close();
  });

  it('a process killed with SIGKILL while it writes leaves a recording that reads up to its last batch', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-rectext-'));
    const path = join(dir, 'j.rec');
    const writer = `
      import { RecordFile } from ${JSON.stringify(join(import.meta.dirname, 'RecordFile.ts'))};
      import { SystemClock } from ${JSON.stringify(join(import.meta.dirname, '../../clock/SystemClock.ts'))};
      const file = new RecordFile(${JSON.stringify(path)}, new SystemClock(), 1 << 30);
      file.open();
      file.append(${JSON.stringify(HEADER)});
      let t = 0;
      const more = () => {
        for (let i = 0; i < 50; i++) file.append(JSON.stringify({ k: 'j', t: t++, n: 'x'.repeat(t % 300) }));
        setImmediate(more);
      };
      more();
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', writer], { stdio: 'ignore' });
    const exited = new Promise((done) => child.once('exit', done));
    const size = () => {
      try {
        return statSync(path).size;
      } catch {
        return 0;
      }
    };
    while (size() < 200_000) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    await exited;
    const got = readings(path);
    expect(got.length).toBeGreaterThan(1_000);
    expect(got).toEqual([...Array(got.length).keys()]);
  }, 30_000);
});

describe('recordingText', () => {
  it('reads a gzip file cut inside its 10-byte header, past its two magic bytes, as nothing recorded', () => {
    const whole = gzipSync(`${HEADER}\n`);
    const path = join(mkdtempSync(join(tmpdir(), 'perpflow-rectext-')), 'j.rec');
    for (let n = 2; n < 10; n++) {
      writeFileSync(path, whole.subarray(0, n));
      expect(recordingText(path), `cut at byte ${n}`).toBe('');
    }
  });

  it('tells gzip by both magic bytes: a plain file that begins with either one alone is plain', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-rectext-'));
    // U+010B is C4 8B in UTF-8: the gzip magic's second byte, second.
    for (const [name, text] of [
      ['second', '\u010b plain\n'],
      ['first', '\u001f plain\n'],
    ] as const) {
      const path = join(dir, name);
      writeFileSync(path, text);
      expect(isGzip(path), name).toBe(false);
      expect(recordingText(path), name).toBe(text);
    }
    const gz = join(dir, 'gz');
    writeFileSync(gz, gzipSync('x\n'));
    expect(isGzip(gz)).toBe(true);
  });

  it('holds no file open once it told whether a file is gzip', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'perpflow-rectext-')), 'j.rec');
    writeFileSync(path, gzipSync('x\n'));
    expect(isGzip(path)).toBe(true);
    expect(holdsOpen(path)).toBe(false);
  });
});
