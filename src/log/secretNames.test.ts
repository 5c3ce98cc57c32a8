import { describe, expect, it } from 'vitest';
import { redact, redactText } from './redact.ts';
import { isSecretFieldName, SECRET_NAMES } from './secretNames.ts';

const VALUE = 'opaque-credential-0123456789';
const MASKED = 'opaq…6789';
// The names the redactor must know (issue 25): each is tested in every shape it can take.
const REQUIRED = [
  'key',
  'secret',
  'token',
  'password',
  'pass',
  'pwd',
  'passphrase',
  'authorization',
  'auth',
  'session',
  'signature',
  'private',
  'privateKey',
  'mnemonic',
  'seed',
  'seedPhrase',
  'jwt',
  'cookie',
];

describe('the redactor names secrets from one table', () => {
  it('the table holds every required name', () => {
    expect(REQUIRED.filter((n) => !SECRET_NAMES.some((e) => e.name === n))).toEqual([]);
  });

  describe.each(SECRET_NAMES.map((e) => e.name))('%s', (name) => {
    it('masks a field of that name, at any depth, and a field whose last word it is', () => {
      const prefixed = `wallet${name[0]?.toUpperCase()}${name.slice(1)}`;
      expect(redact({ [name]: VALUE, deep: [{ [prefixed]: VALUE }], [`x_${name}`]: VALUE })).toEqual({
        [name]: MASKED,
        deep: [{ [prefixed]: MASKED }],
        [`x_${name}`]: MASKED,
      });
    });

    it('masks a URL parameter, a key=value pair and a quoted JSON pair of that name', () => {
      expect(redactText(`GET https://venue.example/v1?limit=5&${name}=${VALUE}#x`)).toBe(
        `GET https://venue.example/v1?limit=5&${name}=${MASKED}#x`,
      );
      expect(redactText(`refused ${name}=${VALUE}: bad`)).toBe(`refused ${name}=${MASKED}: bad`);
      expect(redactText(`body {"${name}":"${VALUE}","ok":false}`)).toBe(
        `body {"${name}":"${MASKED}","ok":false}`,
      );
    });

    it('masks the value of a [name, value] header tuple', () => {
      expect(redact([[name, VALUE]])).toEqual([[name, MASKED]]);
    });
  });

  it.each([
    'author',
    'symbol',
    'status',
    'keyId',
    'apiKeyId',
    'monkey',
    'bypassed',
    'seedling',
    'possession',
    'compass',
  ])('leaves the field %s readable', (name) => {
    expect(isSecretFieldName(name)).toBe(false);
    expect(redact({ [name]: VALUE })).toEqual({ [name]: VALUE });
    expect(redactText(`?${name}=${VALUE}`)).toBe(`?${name}=${VALUE}`);
  });

  it('a seed is a secret as text (a wallet seed phrase) and not as a number (simulator.seed: 7)', () => {
    expect(redact({ seed: 'abandon ability able about above absent' })).toEqual({ seed: 'aban…sent' });
    expect(redact({ simulator: { seed: 7 }, seedText: '7' })).toEqual({
      simulator: { seed: 7 },
      seedText: '7',
    });
    expect(redactText('simulator seed=7 fills')).toBe('simulator seed=7 fills');
    // The config's "secrets only as env references" rule asks by name alone: a seed may be written.
    expect(isSecretFieldName('seed')).toBe(false);
    expect(isSecretFieldName('seedPhrase')).toBe(true);
  });
});
