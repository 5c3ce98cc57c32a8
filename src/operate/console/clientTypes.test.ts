import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');

describe('the console client code', () => {
  it('type-checks: its JSDoc types against the contract and the DOM (assets/tsconfig.json)', () => {
    const tsc = spawnSync(
      join(ROOT, 'node_modules/.bin/tsc'),
      ['--noEmit', '-p', join(import.meta.dirname, 'assets/tsconfig.json')],
      { encoding: 'utf8' },
    );
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });
});
