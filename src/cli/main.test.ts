import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from './nodeVersion.ts';

const NODE = 'node_modules/.bin/node';
/** The machine's own Node (20 on our machines), to prove the launcher hands over to the pinned 24. */
const SYSTEM_NODE = ['/usr/bin/node', '/usr/local/bin/node'].find((p) => existsSync(p));

function perpflow(...args: string[]) {
  const r = spawnSync(NODE, ['src/cli/main.ts', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('perpflow CLI entry', () => {
  it('prints help with the documented exit codes and exits 0', () => {
    const r = perpflow('--help');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Usage: perpflow');
    expect(r.out).toContain('2  bad input');
  });

  it("keeps the compiled CLI modules in Node's compile cache for the next start", () => {
    // Not NODE_COMPILE_CACHE: that variable turns the cache on by itself. The entry's own call
    // puts it under the temporary directory.
    const tmp = mkdtempSync(join(tmpdir(), 'perpflow-cc-'));
    const { NODE_DISABLE_COMPILE_CACHE: _off, NODE_COMPILE_CACHE: _dir, ...env } = process.env;
    // The root help loads every command (--version alone loads about 20 modules).
    const r = spawnSync(NODE, ['src/cli/main.ts', '--help'], {
      encoding: 'utf8',
      env: { ...env, TMPDIR: tmp },
    });
    expect(r.status).toBe(0);
    const cache = join(tmp, 'node-compile-cache');
    const files = readdirSync(cache, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files.length).toBeGreaterThan(100);
  });

  it('exits 2 on an unknown command or option', () => {
    expect(perpflow('no-such-command').code).toBe(2);
    expect(perpflow('--no-such-option').code).toBe(2);
  });

  it.skipIf(SYSTEM_NODE === undefined)(
    'runs through the bin launcher when started by the system Node',
    () => {
      const r = spawnSync(SYSTEM_NODE as string, ['bin/perpflow.js', '--version'], { encoding: 'utf8' });
      expect(r.status).toBe(0);
      expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    },
  );
});

describe('Node version check', () => {
  it('accepts Node 24 and later', () => {
    expect(nodeVersionProblem('24.0.0')).toBeUndefined();
    expect(nodeVersionProblem('26.1.0')).toBeUndefined();
  });

  it('explains how to get Node 24 when started on an older one', () => {
    expect(nodeVersionProblem('20.20.2')).toContain('needs Node.js 24 or newer; this is Node 20.20.2');
  });
});

describe('under --json', () => {
  it('reports a usage error as one JSON line on stderr, exit 2', () => {
    const r = perpflow('status', '--json', '--bogus');
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `${JSON.stringify({ error: { code: 'USAGE', exitCode: 2, message: "unknown option '--bogus'" } })}\n`,
    );
  });
});

/** The system Node's major version; the README's claim below is about Node 20. */
const SYSTEM_MAJOR =
  SYSTEM_NODE === undefined
    ? undefined
    : Number(
        spawnSync(SYSTEM_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.split('.')[0],
      );

describe.skipIf(SYSTEM_MAJOR !== 20)('README "Requirements": src/cli/main.ts on Node 20', () => {
  it('is refused by Node 20 itself (exit 1, ERR_UNKNOWN_FILE_EXTENSION) before perpflow runs', () => {
    const r = spawnSync(SYSTEM_NODE as string, ['src/cli/main.ts', '--version'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('ERR_UNKNOWN_FILE_EXTENSION');
  });
});
