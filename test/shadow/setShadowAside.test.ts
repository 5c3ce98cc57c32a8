import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setShadowAside } from '../../src/kernel/shadow/shadowJournalFile.ts';

describe('a shadow started afresh (sim: live starts afresh too)', () => {
  it('keeps the last shadow journal, its WAL, shared memory and paper account as .previous, replacing older ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-shadow-aside-'));
    const file = join(dir, 'j.shadow.dry-run.sqlite');
    const kept = [file, `${file}-wal`, `${file}-shm`, join(dir, 'j.shadow.dry-run.paper.json')];
    for (const f of kept) {
      writeFileSync(f, 'last');
      writeFileSync(`${f}.previous`, 'older');
    }
    setShadowAside(file);
    expect(kept.map((f) => [existsSync(f), readFileSync(`${f}.previous`, 'utf8')])).toEqual(
      kept.map(() => [false, 'last']),
    );
  });
});
