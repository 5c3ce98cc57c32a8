import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../errors/ConfigError.ts';
import { loadFaultProfile, NO_FAULTS } from './FaultProfile.ts';

const write = (text: string): string => {
  const file = join(mkdtempSync(join(tmpdir(), 'faults-')), 'p.yaml');
  writeFileSync(file, text);
  return file;
};

describe('loadFaultProfile', () => {
  it('reads the shipped flaky profile', () => {
    const p = loadFaultProfile('config/faults/flaky.yaml');
    expect(p.seed).toBe(42);
    expect(p.rateLimit?.retryAfterSeconds).toBe(2);
    expect(p.indexingLagMs).toBe(1500);
  });

  it('turns every fault off by default', () => {
    expect(NO_FAULTS).toEqual({
      errorRate: 0,
      dropResponseRate: 0,
      indexingLagMs: 0,
      solverRefusalRate: 0,
      unauthorizedRate: 0,
      forbiddenRate: 0,
      positionsLagMs: 0,
    });
  });

  it('names the file, line, column and key of a bad value', () => {
    const file = write('seed: 1\nerrorRate: 2\n');
    expect(() => loadFaultProfile(file)).toThrow(ConfigError);
    expect(() => loadFaultProfile(file)).toThrow(`${file}:2:12 errorRate: expected a number ≤ 1`);
  });

  it('reports every bad value at once, each with its line', () => {
    const file = write('errorRate: 2\nindexingLagMs: -5\n');
    expect(() => loadFaultProfile(file)).toThrow(
      `${file}:1:12 errorRate: expected a number ≤ 1\n${file}:2:16 indexingLagMs: expected a non-negative number`,
    );
  });

  it('locates a YAML syntax error instead of quoting the parser', () => {
    const file = write('errorRate: [\n');
    expect(() => loadFaultProfile(file)).toThrow(
      new RegExp(`^${file.replace(/[.]/g, '\\.')}:\\d+:\\d+ invalid YAML`),
    );
  });

  it('refuses an unknown key instead of ignoring it', () => {
    expect(() => loadFaultProfile(write('dropRate: 0.1\n'))).toThrow(/dropRate/);
  });

  it('refuses a latency range whose min exceeds its max', () => {
    expect(() => loadFaultProfile(write('latencyMs: { min: 5, max: 1 }\n'))).toThrow(
      /latencyMs: min must not exceed max/,
    );
  });
});
