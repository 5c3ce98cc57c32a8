import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import { openJournal } from '../../src/journal/openJournal.ts';

const run = promisify(execFile);

async function perpflow(args: readonly string[], cwd?: string, env: Record<string, string> = {}) {
  const main = join(process.cwd(), 'src/cli/main.ts');
  const node = join(process.cwd(), 'node_modules/.bin/node');
  try {
    const r = await run(node, [main, ...args], { ...(cwd ? { cwd } : {}), env: { ...process.env, ...env } });
    return { code: 0, ...r };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'perpflow-journal-cli-'));
}

describe('perpflow status / halt / resume on files that are not journals', () => {
  it.each(['status', 'halt', 'resume'])(
    '%s refuses a 0-byte file with exit 2 and leaves it 0 bytes',
    async (cmd) => {
      const dir = tempDir();
      const path = join(dir, 'empty.sqlite');
      writeFileSync(path, '');
      const r = await perpflow([cmd, '--journal', path]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`error: --journal: ${path} is not a perpflow journal (it is empty)\n`);
      expect(readFileSync(path).length).toBe(0);
      expect(readdirSync(dir)).toEqual(['empty.sqlite']);
    },
  );

  it('status refuses another SQLite database with exit 2 and creates no table in it', async () => {
    const path = join(tempDir(), 'other.sqlite');
    const other = new DatabaseSync(path);
    other.exec('CREATE TABLE customers (id INTEGER PRIMARY KEY)');
    other.close();
    const r = await perpflow(['status', '--journal', path]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `error: --journal: ${path} is not a perpflow journal (no meta, requests, fills, external_positions, lease table)\n`,
    );
    const after = new DatabaseSync(path, { readOnly: true });
    const tables = after.prepare("SELECT name FROM sqlite_master WHERE type='table'").all();
    after.close();
    expect(tables).toEqual([{ name: 'customers' }]);
  });

  it('status refuses a text file with exit 2', async () => {
    const path = join(tempDir(), 'notes.txt');
    writeFileSync(path, 'hello, this is not SQLite at all, just a long enough line of text\n'.repeat(10));
    const r = await perpflow(['status', '--journal', path]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error: --journal: ${path} is not a perpflow journal (file is not a database)
`);
  });

  it('status under --json reports the refusal as a JSON error object on stderr', async () => {
    const path = join(tempDir(), 'empty.sqlite');
    writeFileSync(path, '');
    const r = await perpflow(['status', '--json', '--journal', path]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr)).toEqual({
      error: {
        code: 'CONFIG',
        exitCode: 2,
        message: `--journal: ${path} is not a perpflow journal (it is empty)`,
        issues: [
          {
            location: { file: '<input>' },
            path: '',
            message: `--journal: ${path} is not a perpflow journal (it is empty)`,
          },
        ],
      },
    });
  });

  it('a bare halt or resume with no bot running exits 2, lists the journals known, and latches nothing', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'var'));
    const path = join(dir, 'var/perpflow.sqlite');
    const { journal } = openJournal({ path, clock: new VirtualClock() });
    journal.close();
    const env = { PERPFLOW_HOST_DIR: join(dir, 'host') };
    for (const cmd of ['halt', 'resume']) {
      const r = await perpflow([cmd], dir, env);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('no perpflow bot is running on this host; journals known on this host:');
      expect(r.stderr).toContain(path);
    }
    const status = await perpflow(['status', '--json'], dir);
    expect(JSON.parse(status.stdout)).toMatchObject({ tradingState: 'active' });
  });

  it('halt --journal of a journal no bot runs on latches it for the next start but does not report success (exit 1)', async () => {
    const dir = tempDir();
    const path = join(dir, 'j.sqlite');
    const { journal } = openJournal({ path, clock: new VirtualClock() });
    journal.close();
    const halt = await perpflow(['halt', '--journal', path, '--json', '--reason', 'drill'], dir, {
      PERPFLOW_HOST_DIR: join(dir, 'host'),
    });
    expect(halt.code).toBe(1);
    expect(JSON.parse(halt.stdout)).toEqual({
      halted: [{ journal: path, signalled: [] }],
      reachedRunningBot: false,
    });
    const status = await perpflow(['status', '--json', '--journal', path], dir);
    expect(JSON.parse(status.stdout)).toMatchObject({ tradingState: 'halted', reason: 'drill' });
  });
});
