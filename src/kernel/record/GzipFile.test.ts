import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GzipFile } from './GzipFile.ts';
import { holdsOpen } from './holdsOpen.ts';
import { recordingText } from './recordingText.ts';

const newPath = (): string => join(mkdtempSync(join(tmpdir(), 'perpflow-gzfile-')), 'j.rec');

describe('GzipFile', () => {
  it('writes every text handed in while a batch was compressing, in order, once settled', async () => {
    const path = newPath();
    const file = new GzipFile(path);
    // The first goes to the threadpool at once; the next three wait and go as one batch.
    for (const text of ['a\n', 'b\n', 'c\n', 'd\n']) file.write(text);
    await file.settled();
    expect(recordingText(path)).toBe('a\nb\nc\nd\n');
    await file.end();
  });

  it('ends the stream with its trailer and closes the file: a whole gzip, no descriptor left open', async () => {
    const path = newPath();
    const file = new GzipFile(path);
    file.write('a\n');
    expect(holdsOpen(path)).toBe(true);
    await file.end();
    expect(gunzipSync(readFileSync(path)).toString('utf8')).toBe('a\n'); // strict: throws on a stream with no end
    expect(holdsOpen(path)).toBe(false);
  });
});
