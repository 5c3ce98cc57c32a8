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

async function perpflow(args: readonly string[], cwd?: string) {
  const main = join(process.cwd(), 'src/cli/main.ts');
  const node = join(process.cwd(), 'node_modules/.bin/node');
  try {
    const r = await run(node, [main, ...args], cwd ? { cwd } : {});
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

  it('halt, resume and status all default to var/perpflow.sqlite (the config default journal.path)', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'var'));
    const { journal } = openJournal({ path: join(dir, 'var/perpflow.sqlite'), clock: new VirtualClock() });
    journal.close();
    const halt = await perpflow(['halt', '--json', '--reason', 'drill'], dir);
    expect(halt.code).toBe(0);
    expect(JSON.parse(halt.stdout)).toEqual({
      journal: 'var/perpflow.sqlite',
      tradingState: 'halted',
      closeAll: false,
      signalled: 'no running instance on this host; the halt is latched in the journal',
    });
    const status = await perpflow(['status', '--json'], dir);
    expect(JSON.parse(status.stdout)).toMatchObject({ tradingState: 'halted', reason: 'drill' });
    const resume = await perpflow(['resume', '--json'], dir);
    expect(JSON.parse(resume.stdout)).toEqual({ journal: 'var/perpflow.sqlite', tradingState: 'active' });
  });
});
