import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFaultProfile } from '../../src/simulator/faults/FaultProfile.ts';
import { TEST_ENV } from './brokenFixtureTable.ts';

const NODE = 'node_modules/.bin/node';
const ENTRY = 'src/cli/main.ts';
/** config/faults/ holds fault profiles (`simulator.faults`), not bot configs. */
const FAULTS_DIR = join('config', 'faults');

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(entry.name) ? [relative('.', path)] : [];
  });
}

const all = yamlFiles('config');
const configs = all.filter((f) => !f.startsWith(FAULTS_DIR));
const faultProfiles = all.filter((f) => f.startsWith(FAULTS_DIR));

const ENV = { ...TEST_ENV, PERPFLOW_VENUE_URL: 'https://venue.example.com' };

describe('every shipped config file is valid', () => {
  it('finds the shipped configs and fault profiles', () => {
    expect(configs).toEqual(expect.arrayContaining(['config/default.yaml', 'config/examples/sim.yaml']));
    expect(faultProfiles.length).toBeGreaterThan(0);
  });

  it.each(configs)('`perpflow config validate %s` exits 0 with the env references set', (file) => {
    const run = spawnSync(NODE, [ENTRY, 'config', 'validate', file], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', ...ENV },
    });
    expect(run.stderr).toBe('');
    expect({ code: run.status, stdout: run.stdout }).toEqual({ code: 0, stdout: `ok: ${file}\n` });
  });

  it.each(faultProfiles)('the fault profile %s loads', (file) => {
    expect(() => loadFaultProfile(file)).not.toThrow();
  });
});
