import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const CHAOS = 'node_modules/.bin/node test/chaos/run.ts --seeds 2';

describe('npm run chaos progress', () => {
  it('stays quiet on stderr when not on a terminal, and prints the summary', async () => {
    const { stdout, stderr } = await run('sh', ['-c', CHAOS]);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^seeds {7}2 \(1\.\.2\)$/m);
  });

  // script(1) gives the run a pseudo-terminal, as a person running it would have.
  it.skipIf(!existsSync('/usr/bin/script'))(
    'shows a cli-progress bar counting the seeds on a terminal',
    async () => {
      const { stdout } = await run('/usr/bin/script', ['-qec', CHAOS, '/dev/null']);
      expect(stdout).toContain('chaos ======================================== 2/2 seeds | 0 violations');
    },
  );
});
