import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
// Built from parts so that this file does not name the folder it forbids.
const SIBLING = ['..', 'shared', ''].join('/');

/** Tracked text files (code, config, docs) that mention the folder beside the clone. */
function filesNamingTheSibling(): string[] {
  const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n');
  return tracked.filter(
    (f) =>
      /\.(ts|js|mjs|cjs|json|ya?ml|md)$/.test(f) &&
      existsSync(path.join(root, f)) &&
      readFileSync(path.join(root, f), 'utf8').includes(SIBLING),
  );
}

// A user's clone has nothing beside it: tests, examples and READMEs read only the project's own
// files (sample data lives in data/samples/, the design in docs/).
describe('the clone stands alone', () => {
  it('no tracked file reads or names a folder outside the project', () => {
    expect(filesNamingTheSibling()).toEqual([]);
  });
});
