import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MUTANTS } from './mutants.ts';

describe('the deliberate bugs of npm run mutation', () => {
  it('each find the exact text they replace, once, in today’s src/ (a refactor must carry them along)', () => {
    const misses = MUTANTS.flatMap((m) =>
      m.edits
        .filter((e) => readFileSync(e.file, 'utf8').split(e.find).length - 1 !== 1)
        .map((e) => `${m.name}: ${e.file}`),
    );
    expect(misses).toEqual([]);
  });
});
