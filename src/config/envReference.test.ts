import { describe, expect, it } from 'vitest';
import { envRef, isOnlyEnvReference, malformedReason, resolveEnvReferences } from './envReference.ts';

describe('resolveEnvReferences', () => {
  it('replaces every reference in a string and lists the names once each', () => {
    const result = resolveEnvReferences(`${envRef('A')}-${envRef('B')}-${envRef('A')}`, { A: 'x', B: 'y' });
    expect(result).toEqual({ value: 'x-y-x', names: ['A', 'B'], missing: [], malformed: false });
  });

  it('reports unset and empty variables as missing', () => {
    expect(resolveEnvReferences(`${envRef('A')}${envRef('B')}`, { B: '' }).missing).toEqual(['A', 'B']);
  });

  it('flags a reference whose name has a dash or a wrong prefix as malformed', () => {
    expect(resolveEnvReferences(['$', '{env:BAD-NAME}'].join(''), {}).malformed).toBe(true);
    expect(resolveEnvReferences(['$', '{ENV:X}'].join(''), {}).malformed).toBe(true);
  });

  it('leaves text with no reference untouched', () => {
    expect(resolveEnvReferences('plain $5 text', {})).toMatchObject({
      value: 'plain $5 text',
      malformed: false,
    });
  });
});

describe('isOnlyEnvReference', () => {
  it('accepts exactly one reference and nothing else', () => {
    expect(isOnlyEnvReference(envRef('PERPFLOW_API_KEY'))).toBe(true);
    expect(isOnlyEnvReference(`Bearer ${envRef('TOKEN')}`)).toBe(false);
    expect(isOnlyEnvReference('ix.abc')).toBe(false);
  });
});

describe('malformedReason', () => {
  const ref = (inner: string): string => ['$', `{${inner}`].join('');
  const how = `write ${envRef('NAME')}, NAME of letters, digits and _`;
  it('says the name is empty for an empty env: reference', () => {
    expect(malformedReason(ref('env:}'))).toBe(`empty variable name in "${ref('env:}')}"; ${how}`);
  });
  it('says the reference is unclosed when its } is missing', () => {
    expect(malformedReason(`a-${ref('env:X')}`)).toBe(
      `unclosed environment reference "${ref('env:X')}": it lacks its closing }; ${how}`,
    );
  });
  it('names the bad variable name of a dashed name', () => {
    expect(malformedReason(ref('env:BAD-NAME}'))).toBe(`"BAD-NAME" is not a variable name; ${how}`);
  });
  it('says an upper-case ENV: prefix is not an environment reference', () => {
    expect(malformedReason(ref('ENV:X}'))).toBe(`"${ref('ENV:X}')}" is not an environment reference; ${how}`);
  });
  it('skips the well-formed references before the broken one', () => {
    expect(malformedReason(`${ref('env:A}')}${ref('env:}')}`)).toBe(
      `empty variable name in "${ref('env:}')}"; ${how}`,
    );
  });
});
