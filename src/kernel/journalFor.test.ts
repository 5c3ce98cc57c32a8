import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { journalFor, paperAccountFileFor } from './journalFor.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'perpflow-journalfor-'));

describe('journalFor', () => {
  it('gives a dry run its own file beside the configured one', () => {
    const d = dir();
    expect(journalFor(join(d, 'perpflow.sqlite'), 'dry-run', false, 0)).toBe(
      join(d, 'perpflow.dry-run.sqlite'),
    );
    expect(journalFor(join(d, 'perpflow.sqlite'), 'live', false, 0)).toBe(join(d, 'perpflow.sqlite'));
  });

  it('starts afresh for a venue that lives only in this process, keeping the last journal and its WAL as .previous', () => {
    const d = dir();
    const path = join(d, 'j.sqlite');
    writeFileSync(path, 'db');
    writeFileSync(`${path}-wal`, 'wal');
    expect(journalFor(path, 'sim', true, 0)).toBe(path);
    expect(existsSync(path)).toBe(false);
    expect(readFileSync(`${path}.previous`, 'utf8')).toBe('db');
    expect(readFileSync(`${path}.previous-wal`, 'utf8')).toBe('wal');
  });

  it("continues a dry run's journal on the embedded simulator: its paper account persists with it", () => {
    const d = dir();
    const path = join(d, 'j.sqlite');
    writeFileSync(join(d, 'j.dry-run.sqlite'), 'db');
    expect(journalFor(path, 'dry-run', true, 0)).toBe(join(d, 'j.dry-run.sqlite'));
    expect(readFileSync(join(d, 'j.dry-run.sqlite'), 'utf8')).toBe('db');
    expect(existsSync(join(d, 'j.dry-run.sqlite.previous'))).toBe(false);
  });

  it('keeps the journal of a venue that outlives the process', () => {
    const d = dir();
    const path = join(d, 'j.sqlite');
    writeFileSync(path, 'db');
    expect(journalFor(path, 'sim', false, 0)).toBe(path);
    expect(readFileSync(path, 'utf8')).toBe('db');
  });

  it('names a dry run its own journal and paper account whatever the configured file is called, and keeps a journal in memory there', () => {
    const d = dir();
    expect(journalFor(join(d, 'j'), 'dry-run', false, 0)).toBe(join(d, 'j.dry-run.sqlite'));
    expect(journalFor(join(d, 'j.db'), 'dry-run', false, 0)).toBe(join(d, 'j.db.dry-run.sqlite'));
    expect(paperAccountFileFor(join(d, 'j'))).toBe(join(d, 'j.paper.json'));
    expect(journalFor(':memory:', 'dry-run', true, 0)).toBe(':memory:');
    expect(paperAccountFileFor(':memory:')).toBeUndefined();
  });

  it("replaces the last journal's .previous files as a set: no stale WAL is left beside the new one", () => {
    const d = dir();
    const path = join(d, 'j.sqlite');
    writeFileSync(`${path}.previous`, 'old db');
    writeFileSync(`${path}.previous-wal`, 'old wal');
    writeFileSync(path, 'db');
    journalFor(path, 'sim', true, 0);
    expect(readFileSync(`${path}.previous`, 'utf8')).toBe('db');
    expect(existsSync(`${path}.previous-wal`)).toBe(false);
  });

  it('keeps the last .previous journal when there is no journal to replace it', () => {
    const d = dir();
    const path = join(d, 'j.sqlite');
    writeFileSync(`${path}.previous`, 'old db');
    expect(journalFor(path, 'sim', true, 0)).toBe(path);
    expect(readFileSync(`${path}.previous`, 'utf8')).toBe('old db');
  });
});
