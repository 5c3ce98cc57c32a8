import { describe, expect, it } from 'vitest';
import { parseConfig } from '../loadConfig.ts';
import { configProblemOf } from './configProblemOf.ts';

const problems = configProblemOf;

describe('the record section', () => {
  it('defaults to on in live and sim (null), beside the journal (null), 16 MiB per file', () => {
    expect(parseConfig('mode: sim\n', 'bot.yaml', { env: {} }).record).toEqual({
      enabled: null,
      path: null,
      maxBytes: 16 * 1024 * 1024,
    });
  });

  it('names a wrong value and an unknown key at their line and column', () => {
    const message = problems('mode: sim\nrecord:\n  enabled: yes please\n  maxBytes: 10\n  gzip: true\n');
    expect(message).toMatch(/bot\.yaml:3:\d+ record\.enabled: expected true, false or null/);
    expect(message).toMatch(/bot\.yaml:4:\d+ record\.maxBytes: expected a number of bytes from 65536/);
    expect(message).toMatch(/bot\.yaml:5:\d+ record.*gzip/);
  });
});
