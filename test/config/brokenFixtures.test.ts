import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/loadConfig.ts';
import { ConfigError } from '../../src/errors/ConfigError.ts';
import { brokenFixtures, FIXTURE_DIR, SECRETS_IN_FIXTURES, TEST_ENV } from './brokenFixtureTable.ts';

function failureOf(file: string): ConfigError {
  try {
    loadConfig(file, { env: TEST_ENV });
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`${file} loaded without error`);
}

const secrets = [...Object.values(TEST_ENV), ...SECRETS_IN_FIXTURES];

describe('broken config fixtures', () => {
  it('has an expectation for every fixture file and a fixture file for every expectation', () => {
    const files = readdirSync(FIXTURE_DIR).filter((f) => f.endsWith('.yaml'));
    expect(files.sort()).toEqual(brokenFixtures.map((f) => `${f.name}.yaml`).sort());
    expect(files.length).toBeGreaterThanOrEqual(25);
  });

  it.each(brokenFixtures)(
    '$name: names file, line, column, key path and the problem',
    ({ name, expected }) => {
      const file = `${FIXTURE_DIR}/${name}.yaml`;
      const error = failureOf(file);
      expect(error.exitCode).toBe(2);
      expect(error.message).toContain(`${file}:${expected}`);
      expect(error.issues.length).toBeGreaterThan(0);
    },
  );

  it.each(brokenFixtures)('$name: shows no secret, from the environment or the file', ({ name }) => {
    const error = failureOf(`${FIXTURE_DIR}/${name}.yaml`);
    const text = `${error.message}\n${JSON.stringify(error.issues)}`;
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
