import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ByteFile, putBytes } from './ByteFile.ts';

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'byte-file-')), 'out.txt');

describe('ByteFile', () => {
  it('keeps text in order and whole across flushes: UTF-8 of every width, and text longer than the buffer', () => {
    const file = tempFile();
    const out = new ByteFile(file, 16);
    const parts = ['ab', 'é€😀', 'x'.repeat(40), '€'.repeat(5), '€'.repeat(8), 'π', '', 'end😀'];
    for (const p of parts) out.text(p);
    out.close();
    expect(readFileSync(file, 'utf8')).toBe(parts.join(''));
  });

  it('writes bytes put at pos after room(n), flushing what came before', () => {
    const file = tempFile();
    const out = new ByteFile(file, 8);
    const word = Buffer.from('1234', 'latin1');
    for (let i = 0; i < 5; i++) {
      out.room(word.length);
      out.pos = putBytes(out.buf, out.pos, word);
      out.text('|');
    }
    out.close();
    expect(readFileSync(file, 'latin1')).toBe('1234|'.repeat(5));
  });
});
