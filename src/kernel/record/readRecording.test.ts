import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../errors/ConfigError.ts';
import { readRecording, recordingFiles } from './readRecording.ts';
import { RECORDING_VERSION } from './recordLines.ts';
import { testHeader } from './testHeader.ts';

const header = (t: number, cont = false) => testHeader({ t, cont });
const job = (t: number) => JSON.stringify({ k: 'j', t, n: 'x' });
const lines = (...l: string[]) => `${l.join('\n')}\n`;
const tmp = () => mkdtempSync(join(tmpdir(), 'perpflow-readrec-'));

describe('recordingFiles', () => {
  it('lists the files rotation set aside in time order, then the file itself; nothing else beside it', () => {
    const dir = tmp();
    const path = join(dir, 'j.sqlite.rec');
    for (const f of [
      'j.sqlite.rec',
      'j.sqlite.rec.2026-03-03T00-00-00-000Z.gz',
      'j.sqlite.rec.2026-03-02T10-00-00-000Z',
      'j.sqlite.rec.bak',
      'j.sqlite.rec.2026-03-02T10-00-00-000Z.tmp',
      'other.rec.2026-03-01T00-00-00-000Z',
    ])
      writeFileSync(join(dir, f), '');
    expect(recordingFiles(path)).toEqual([
      join(dir, 'j.sqlite.rec.2026-03-02T10-00-00-000Z'),
      join(dir, 'j.sqlite.rec.2026-03-03T00-00-00-000Z.gz'),
      path,
    ]);
  });

  it('lists the files set aside when the file itself is gone, and nothing for a folder that does not exist', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'r.rec.2026-03-02T10-00-00-000Z'), '');
    expect(recordingFiles(join(dir, 'r.rec'))).toEqual([join(dir, 'r.rec.2026-03-02T10-00-00-000Z')]);
    expect(recordingFiles(join(dir, 'none', 'r.rec'))).toEqual([]);
  });
});

describe('readRecording', () => {
  it('refuses a path with no recording', () => {
    const path = join(tmp(), 'r.rec');
    expect(() => readRecording(path)).toThrow(new ConfigError(`no recording at ${path}`));
  });

  it('reads gzipped and plain files as one run, a continued header going on with its segment, one segment per start', () => {
    const dir = tmp();
    const path = join(dir, 'r.rec');
    writeFileSync(join(dir, 'r.rec.2026-03-02T10-00-00-000Z.gz'), gzipSync(lines(header(0), job(1))));
    writeFileSync(path, lines(header(2, true), job(3), header(10), job(11)));
    expect(readRecording(path).map((s) => [s.header.t, s.lines.map((l) => l.t)])).toEqual([
      [0, [1, 3]],
      [10, [11]],
    ]);
  });

  it("ends a segment at its last line's time plus the call's duration, and tells when its orderly stop began", () => {
    const path = join(tmp(), 'r.rec');
    const call = JSON.stringify({ k: 'c', t: 20, d: 15, p: 'v', op: 'positions', a: [], r: [] });
    writeFileSync(
      path,
      lines(header(5), call, job(30), JSON.stringify({ k: 's', t: 31 }), header(100), job(90), header(200)),
    );
    expect(readRecording(path).map((s) => [s.end, s.stoppedAt])).toEqual([
      [35, 31],
      [100, undefined],
      [200, undefined],
    ]);
  });

  it('drops a last line a kill cut short, and refuses a damaged line elsewhere, naming the file and line', () => {
    const path = join(tmp(), 'r.rec');
    writeFileSync(path, `${lines(header(0), job(1))}{"k":"j","t":2,`);
    expect(readRecording(path)[0]?.lines.map((l) => l.t)).toEqual([1]);
    writeFileSync(path, lines(header(0), '{"k":"j","t":2,', job(3)));
    expect(() => readRecording(path)).toThrow(new ConfigError(`${path}:2: not a recording line`));
    writeFileSync(path, lines(header(0), '{"k":"j","t":2,', job(3), job(4)));
    expect(() => readRecording(path)).toThrow(new ConfigError(`${path}:2: not a recording line`));
  });

  it('refuses a line before any header', () => {
    const path = join(tmp(), 'r.rec');
    writeFileSync(path, lines(job(1), header(2)));
    expect(() => readRecording(path)).toThrow(
      new ConfigError(`${path}:1: a recording line before any header`),
    );
  });

  it('drops a cut last line that the next start ended with a newline before it was killed too', () => {
    const path = join(tmp(), 'r.rec');
    writeFileSync(path, `${lines(header(0), job(1))}{"k":"j","t":2,\n`);
    expect(readRecording(path).map((s) => s.lines.map((l) => l.t))).toEqual([[1]]);
  });

  it('reads a recording whose older files are gone: its first file begins with a continued header', () => {
    const path = join(tmp(), 'r.rec');
    writeFileSync(path, lines(header(5, true), job(6)));
    expect(readRecording(path).map((s) => [s.header.t, s.lines.map((l) => l.t)])).toEqual([[5, [6]]]);
  });

  it('refuses a recording of a newer version than it reads, naming the file and line', () => {
    const path = join(tmp(), 'r.rec');
    const newer = JSON.stringify({ ...JSON.parse(header(0)), v: RECORDING_VERSION + 1 });
    writeFileSync(path, lines(newer, job(1)));
    expect(() => readRecording(path)).toThrow(
      new ConfigError(
        `${path}:1: recording version ${RECORDING_VERSION + 1}, newer than this perpflow reads (${RECORDING_VERSION}): upgrade perpflow`,
      ),
    );
  });
});
