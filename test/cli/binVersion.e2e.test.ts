import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const OLD_NODE = '/usr/bin/node';
const VERSION = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;

describe.skipIf(!existsSync(OLD_NODE))('perpflow --version through the bin', () => {
  it('is answered by the launcher itself: on an older Node, with no Node 24 and no TypeScript to load', () => {
    // The bin and package.json alone, as a launcher that could neither hand over nor load src/.
    const dir = mkdtempSync(join(tmpdir(), 'pf-version-'));
    cpSync(join(REPO, 'bin'), join(dir, 'bin'), { recursive: true });
    cpSync(join(REPO, 'package.json'), join(dir, 'package.json'));
    for (const flag of ['--version', '-V']) {
      const r = spawnSync(OLD_NODE, [join(dir, 'bin/perpflow.js'), flag], { encoding: 'utf8' });
      expect({ status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({
        status: 0,
        stdout: `${VERSION}\n`,
        stderr: '',
      });
    }
  });
});
