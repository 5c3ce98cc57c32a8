import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
// Every Node process started here prints its V8 flags first: the launcher, and what it becomes.
const SHOW = `--import=data:text/javascript,process.stderr.write('ARGV'+JSON.stringify(process.execArgv.filter(a=>a.startsWith('--max-semi')))+'|PID'+process.pid+'\\n')`;

/** Each Node start's heap flags, and the pids they ran under. */
function started(args: readonly string[], nodeOptions = SHOW): { flags: string[]; pids: string[] } {
  const r = spawnSync(process.execPath, [join(root, 'bin/perpflow.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: nodeOptions },
  });
  const lines = r.stderr.split('\n').filter((l) => l.startsWith('ARGV'));
  return {
    flags: lines.map((l) => l.split('|PID')[0] ?? ''),
    pids: lines.map((l) => l.split('|PID')[1] ?? ''),
  };
}
const flagsSeen = (args: readonly string[], nodeOptions = SHOW) => started(args, nodeOptions).flags;

describe('bin/perpflow.js heap flags', () => {
  it('a backtest runs in a Node with a 16 MB young-generation semi-space, in the same process', () => {
    const cfg = join(root, 'test/fixtures/config/broken/reserved-strategy-id.yaml');
    const { flags, pids } = started(['backtest', cfg]);
    expect(flags).toEqual(['ARGV[]', 'ARGV["--max-semi-space-size=16"]']);
    expect(new Set(pids).size).toBe(1);
  });

  it('other commands, and backtest --help, start once with no heap flag', () => {
    expect(flagsSeen(['--version'])).toEqual(['ARGV[]']);
    expect(flagsSeen(['backtest', '--help'])).toEqual(['ARGV[]']);
  });

  it('a size the user set in NODE_OPTIONS stands: no second start', () => {
    expect(flagsSeen(['backtest', 'missing.yaml'], `${SHOW} --max-semi-space-size=8`)).toEqual(['ARGV[]']);
  });
});
