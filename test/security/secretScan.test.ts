import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { findLeaks } from '../../src/log/findLeaks.ts';
import { LEAKY } from './fixtures/leakySecrets.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The leaky fixture under the suite's real setup file, in a child vitest: its exit code and output. */
async function runLeakyFixture(): Promise<{ code: number; output: string }> {
  const args = [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--config',
    'test/security/fixtures/vitest.leaky.config.ts',
  ];
  const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', CI: '1' };
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: ROOT, env, maxBuffer: 16 << 20 });
    return { code: 0, output: stdout + stderr };
  } catch (e) {
    const failed = e as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('suite-wide secret scan', () => {
  let child: { code: number; output: string };
  beforeAll(async () => {
    child = await runLeakyFixture();
  });

  it('fails a test file whose tests all pass when a secret left through any channel', () => {
    expect(child.output).toContain('3 passed');
    expect(child.code).toBe(1);
  });

  it('names each channel and how much of which secret, the longest piece once per channel', () => {
    const reported = child.output
      .split('\n')
      .map((line) => /^(\S+): (the whole|\d+ characters) of secret (\S+) in /.exec(line.trim()))
      .filter((m) => m !== null)
      .map((m) => `${m[1]} ${m[2]} ${m[3]}`);
    expect(reported).toEqual([
      'log:terminal 20 characters sess…b5e1',
      'log:file 20 characters sess…b5e1',
      'log:json 20 characters sess…b5e1',
      'error:TransientVenueError the whole sess…b5e1',
      'event 16 characters sess…b5e1',
      'stderr 17 characters sess…b5e1',
      'metric:default-registry the whole sess…b5e1',
      'journal the whole ix.9…7c6b',
    ]);
  });

  it('fails on an allowance nothing needed, and lets through what an allowance names', () => {
    expect(child.output).toContain('allowance(s) never needed, remove them:');
    expect(child.output).toContain('stdout:never ix-p…1a0b (an allowance nothing needs)');
    expect(child.output).not.toMatch(/stdout:keys-create: /);
  });

  it('shows no secret, nor any 16-character piece of one, in its report', () => {
    // The fixture's own raw `warning: …` line on stderr is the leak, not the report.
    const report = child.output
      .split('\n')
      .filter((line) => !line.startsWith('warning: '))
      .join('\n');
    expect(findLeaks(Object.values(LEAKY), [{ source: 'child vitest', text: report }])).toEqual([]);
  });
});
