import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const LIMIT = 300;

/** Source files (tests aside) under `dir` with more than LIMIT lines, as `path: lines`. */
function overLimit(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.ts') || entry.endsWith('.test.ts')) continue;
    const file = path.join(dir, entry);
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n').length - 1;
    if (lines > LIMIT) out.push(`${file}: ${lines}`);
  }
  return out;
}

// Issue 10's rule: one concept per file keeps the executor and the engine readable; a file past
// the limit is a concept asking to be split, and this names it when it happens, not a review later.
describe(`source files stay within ${LIMIT} lines`, () => {
  it('in src/ and backtest/', () => {
    expect([...overLimit('src'), ...overLimit('backtest')]).toEqual([]);
  });
});
