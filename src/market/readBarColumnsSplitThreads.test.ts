import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readBarColumns } from './readBarColumns.ts';
import { readBarColumnsSplit } from './readBarColumnsSplit.ts';

const dir = mkdtempSync(join(tmpdir(), 'perpflow-split-threads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 400 one-minute bars of a plain file: any threshold of 1 byte cuts it in two. */
function barFile(): string {
  const t0 = Date.UTC(2021, 0, 1);
  const rows = ['time,open,high,low,close,volume'];
  for (let i = 0; i < 400; i++) {
    const p = 100 + (i % 13) / 8;
    rows.push(`${new Date(t0 + i * 60_000).toISOString()},${p},${p + 1},${p - 1},${p + 0.5},${i}`);
  }
  const file = join(dir, 'BTCUSDT.csv');
  writeFileSync(file, `${rows.join('\n')}\n`);
  return file;
}

/** A module for the helper thread, written to the temp directory. */
function threadScript(name: string, text: string): URL {
  const file = join(dir, name);
  writeFileSync(file, text);
  return pathToFileURL(file);
}

describe('readBarColumnsSplit when a helper thread fails', () => {
  const file = barFile();
  const split = (script: URL) => readBarColumnsSplit(file, { symbol: 'BTCUSDT' }, 2, 1, script);

  it('leaves the file to the one-thread path when the thread cannot load its module', async () => {
    expect(
      await split(threadScript('throws.mjs', "throw new Error('cannot load the parser');\n")),
    ).toBeUndefined();
  });

  it('leaves the file to the one-thread path when the thread ends without an answer', async () => {
    expect(await split(threadScript('silent.mjs', '// ends at once, posting nothing\n'))).toBeUndefined();
  });

  it('leaves the file to the one-thread path when no thread can be started at all', async () => {
    expect(await split(new URL('http://127.0.0.1:9/not-a-thread.js'))).toBeUndefined();
  });

  it('splits the same file on the real thread module, to the one-thread columns', async () => {
    const columns = await readBarColumnsSplit(file, { symbol: 'BTCUSDT' }, 2, 1);
    expect(columns?.close).toEqual(readBarColumns(file, { symbol: 'BTCUSDT' }).close);
  });
});
