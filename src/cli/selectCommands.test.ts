import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { type CommandEntry, selectCommands } from './selectCommands.ts';

const NODE = 'node_modules/.bin/node';

const entry = (...names: string[]): CommandEntry => ({ names, load: async () => () => undefined });
const TABLE = [entry('backtest'), entry('halt', 'resume', 'status'), entry('run')];
const namesOf = (args: string[]) => selectCommands(TABLE, args).flatMap((e) => e.names);

describe('selectCommands', () => {
  it('loads only the family of the command being run, options before or after it', () => {
    expect(namesOf(['backtest', '--help'])).toEqual(['backtest']);
    expect(namesOf(['status', '--json'])).toEqual(['halt', 'resume', 'status']);
    expect(namesOf(['--json', 'run', 'x.yaml'])).toEqual(['run']);
  });

  it('loads no command for --version alone', () => {
    expect(namesOf(['--version'])).toEqual([]);
    expect(namesOf(['-V'])).toEqual([]);
  });

  it('loads every command for the root help, `help X`, no arguments and an unknown word', () => {
    const all = ['backtest', 'halt', 'resume', 'status', 'run'];
    expect(namesOf(['--help'])).toEqual(all);
    expect(namesOf(['--version', '--help'])).toEqual(all);
    expect(namesOf([])).toEqual(all);
    expect(namesOf(['help', 'backtest'])).toEqual(all);
    expect(namesOf(['bakctest'])).toEqual(all);
  });
});

/**
 * A hook in the child records every module file it loads and prints the list on exit. The
 * launcher (bin/perpflow.js) is what `perpflow` runs.
 */
const RECORD_LOADS = `data:text/javascript,${encodeURIComponent(`
import { registerHooks } from 'node:module';
import { writeSync } from 'node:fs';
const urls = [];
registerHooks({ load(url, context, next) { if (url.startsWith('file:')) urls.push(url); return next(url, context); } });
process.on('exit', () => writeSync(2, '\\nLOADED ' + JSON.stringify(urls) + '\\n'));
`)}`;

function loadedBy(...args: string[]): { code: number | null; out: string; loaded: string[] } {
  const r = spawnSync(NODE, ['--import', RECORD_LOADS, 'bin/perpflow.js', ...args], { encoding: 'utf8' });
  const line = r.stderr.split('\n').find((l) => l.startsWith('LOADED '));
  if (line === undefined) throw new Error(`no module list from the child: ${r.stderr}`);
  return { code: r.status, out: r.stdout, loaded: JSON.parse(line.slice(7)) as string[] };
}

const HEAVY = /node_modules\/(fastify|rxjs|zod|yaml|winston|decimal\.js|ky|prom-client)\//;

describe('perpflow start-up loads only what the command needs', () => {
  it('--version loads commander and the CLI shell, no command module and no heavy library', () => {
    const r = loadedBy('--version');
    expect(r.code).toBe(0);
    expect(r.out.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(r.loaded.filter((u) => HEAVY.test(u))).toEqual([]);
    expect(r.loaded.filter((u) => u.includes('/src/cli/commands/'))).toEqual([]);
  });

  it('backtest --help loads the backtest command alone, not the driver nor a heavy library', () => {
    const r = loadedBy('backtest', '--help');
    expect(r.code).toBe(0);
    expect(r.out).toContain('--data <SYMBOL=FILE>');
    expect(r.loaded.filter((u) => HEAVY.test(u))).toEqual([]);
    expect(r.loaded.filter((u) => u.includes('/src/cli/commands/')).map((u) => u.split('/').pop())).toEqual([
      'backtest.ts',
    ]);
    expect(r.loaded.some((u) => u.includes('/backtest/cli/'))).toBe(false);
  });

  it('the root help still lists every command', () => {
    const r = loadedBy('--help');
    expect(r.code).toBe(0);
    for (const name of [
      'new',
      'backtest',
      'config',
      'account',
      'run',
      'data',
      'sim',
      'halt',
      'resume',
      'status',
    ]) {
      expect(r.out).toMatch(new RegExp(`^  ${name} `, 'm'));
    }
  });
});
