import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR, TEST_ENV } from './brokenFixtureTable.ts';

const NODE = 'node_modules/.bin/node';
const ENTRY = 'src/cli/main.ts';

function perpflow(...args: string[]) {
  const result = spawnSync(NODE, [ENTRY, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...TEST_ENV },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('perpflow config (end to end)', () => {
  it('exits 0 and prints ok for config/default.yaml', () => {
    expect(perpflow('config', 'validate', 'config/default.yaml')).toMatchObject({
      code: 0,
      stdout: 'ok: config/default.yaml\n',
    });
  });

  it.each([
    ['typo-in-key', '2:3 market.pollIntervalMS: unknown key; did you mean "pollIntervalMs"?'],
    ['yaml-duplicate-key', '5:3 venue.chainId: duplicate key'],
    ['malformed-key-after-env', '2:11 venue.apiKey: expected an API key of the form ix.'],
    ['literal-secret', '2:11 venue.apiKey: secrets must not be written in the file'],
  ])('exits 2 for %s with the located message on stderr and no secret', (name, expected) => {
    const file = `${FIXTURE_DIR}/${name}.yaml`;
    const run = perpflow('config', 'validate', file);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`${file}:${expected}`);
    for (const secret of [
      ...Object.values(TEST_ENV),
      'ix.00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
    ])
      expect(run.stderr).not.toContain(secret);
  });

  it('exits 2 for a file that does not exist', () => {
    const run = perpflow('config', 'validate', 'config/missing.yaml');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('config/missing.yaml no such file');
  });

  it('writes the JSON Schema where --out says', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'perpflow-schema-')), 'schema.json');
    const run = perpflow('config', 'schema', '--out', out);
    expect(run.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync('config/schema.json', 'utf8'));
  });

  it('says what it wrote as JSON under --json', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'perpflow-schema-')), 'schema.json');
    const run = perpflow('config', 'schema', '--json', '--out', out);
    expect(run).toMatchObject({ code: 0, stdout: `${JSON.stringify({ wrote: out })}\n` });
  });
});
