/**
 * The redactor's exact output, shape by shape: the other suites prove no secret leaves; these prove
 * what does leave is the same data, masked, and nothing is lost or mangled on the way (StrykerJS
 * survivors of 2026-11-26, test/MUTATIONS.md).
 */
import { describe, expect, it } from 'vitest';
import { dec } from '../domain/money.ts';
import { describeError, mask, REDACTED, redact, redactText } from './redact.ts';
import { secretTap } from './secretTap.ts';

const JWT = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJzaGFwZXMifQ.c2hhcGVzLXNpZ25hdHVyZQ';
const TOKEN = 'opaque-shapes-token-9876543210';

describe('redactor: exact shapes', () => {
  it('masks a value of exactly 8 characters entirely, and shows 4 + 4 of one of 9', () => {
    expect(mask('12345678')).toBe('********');
    expect(mask('123456789')).toBe('1234…6789');
  });

  it('masks a JWT in text to its first and last four characters and notes it for the secret scan', () => {
    secretTap.secrets.delete(JWT);
    expect(redactText(`session ${JWT} expired`)).toBe('session eyJh…VyZQ expired');
    // The suite runs with the tap on (test/setup/secretScan.ts): the scan then hunts the JWT everywhere.
    expect(secretTap.enabled).toBe(true);
    expect(secretTap.secrets.has(JWT)).toBe(true);
  });

  it('masks a bare Bearer token, after one space or several, to its first and last four', () => {
    expect(redactText(`retrying with Bearer ${TOKEN}`)).toBe('retrying with Bearer opaq…3210');
    expect(redactText(`Bearer  ${TOKEN}, again`)).toBe('Bearer  opaq…3210, again');
  });

  it('masks the user and password of a URL at the start of the text, and a password with no user', () => {
    expect(redactText('https://alice:hunter2hunter2@venue.example/v1')).toBe(
      'https://*****:hunt…ter2@venue.example/v1',
    );
    expect(redactText('https://:hunter2hunter2@venue.example/v1')).toBe(
      'https://:hunt…ter2@venue.example/v1',
    );
  });

  it('masks every quoted secret pair of a text, not only the first', () => {
    expect(redactText(`{"token":"${TOKEN}","password":"${TOKEN}"}`)).toBe(
      '{"token":"opaq…3210","password":"opaq…3210"}',
    );
  });

  it('redacts a secret field that is not text to [REDACTED], and keeps a null one marked', () => {
    expect(REDACTED).toBe('[REDACTED]');
    expect(redact({ password: 12345, token: null, apiKey: '' })).toStrictEqual({
      password: '[REDACTED]',
      token: '[REDACTED]',
      apiKey: '',
    });
  });

  it('walks into a secret-named field that holds an object, masking what is secret inside', () => {
    expect(redact({ auth: { user: 'bob', password: TOKEN } })).toStrictEqual({
      auth: { user: 'bob', password: 'opaq…3210' },
    });
    const error = Object.assign(new Error('refused'), { auth: { user: 'bob', password: TOKEN } });
    expect((redact(error) as Record<string, unknown>).auth).toStrictEqual({
      user: 'bob',
      password: 'opaq…3210',
    });
  });

  it('keeps a null or undefined field that is no secret as it is', () => {
    expect(redact({ note: null, later: undefined, n: 0 })).toStrictEqual({
      note: null,
      later: undefined,
      n: 0,
    });
    expect(redact(null)).toBeNull();
  });

  it('keeps Maps and Headers as their entries, URLs and Dates as text, and a Decimal as its value', () => {
    expect(
      redact({
        map: new Map([
          ['symbol', 'BTCUSDT'],
          ['token', TOKEN],
        ]),
        headers: new Headers({ accept: 'application/json', 'x-api-key': TOKEN }),
        url: new URL(`https://venue.example/v1/x?token=${TOKEN}`),
        at: new Date(Date.UTC(2026, 10, 26)),
        price: dec('95000.5'),
      }),
    ).toStrictEqual({
      map: { symbol: 'BTCUSDT', token: 'opaq…3210' },
      headers: { accept: 'application/json', 'x-api-key': 'opaq…3210' },
      url: 'https://venue.example/v1/x?token=opaq…3210',
      at: '2026-11-26T00:00:00.000Z',
      price: '95000.5',
    });
  });

  it('copies a class instance without toJSON field by field, and an object without a prototype', () => {
    class Order {
      readonly symbol = 'BTCUSDT';
      readonly token = TOKEN;
    }
    const bare = Object.assign(Object.create(null) as object, { side: 'LONG', secret: TOKEN });
    expect(redact({ order: new Order(), bare })).toStrictEqual({
      order: { symbol: 'BTCUSDT', token: 'opaq…3210' },
      bare: { side: 'LONG', secret: 'opaq…3210' },
    });
  });

  it('keeps a list that is not a [name, value] pair as a list, and an object value of a secret-named pair walked', () => {
    expect(
      redact({ list: ['token', 'abc', 'def'], pair: ['authorization', { scheme: 'Basic' }] }),
    ).toStrictEqual({
      list: ['token', 'abc', 'def'],
      pair: ['authorization', { scheme: 'Basic' }],
    });
    expect(redact(['token', null])).toStrictEqual(['token', '[REDACTED]']);
  });

  it('turns an error into name, message, its own fields, cause and stack, all redacted', () => {
    const cause = new Error(`upstream refused ${TOKEN.slice(0, 6)}`);
    const error = Object.assign(new Error('venue said no'), {
      code: 'E_NO',
      apiKey: TOKEN,
      token: null,
      details: { auth: { password: TOKEN } },
    });
    Object.defineProperty(error, 'cause', { value: cause, enumerable: false });
    const out = redact(error) as Record<string, unknown>;
    expect({ ...out, stack: typeof out.stack }).toStrictEqual({
      name: 'Error',
      message: 'venue said no',
      code: 'E_NO',
      apiKey: 'opaq…3210',
      token: '[REDACTED]',
      details: { auth: { password: 'opaq…3210' } },
      cause: {
        name: 'Error',
        message: 'upstream refused opaque',
        stack: cause.stack,
      },
      stack: 'string',
    });
    expect(String(out.stack).startsWith('Error: venue said no')).toBe(true);
  });

  it('redacts an enumerable cause once, as the cause, and leaves out a stack the error lacks', () => {
    const error = Object.assign(new Error('outer'), { cause: new Error('inner') });
    delete (error as { stack?: string }).stack;
    const out = redact(error) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['name', 'message', 'cause']);
    expect(out.cause).toMatchObject({ name: 'Error', message: 'inner' });
    const plain = new Error('no cause');
    delete (plain as { stack?: string }).stack;
    expect(redact(plain)).toStrictEqual({ name: 'Error', message: 'no cause' });
  });

  it('describes a chain of at most 8, a cause that is not an error as text, and nothing as nothing', () => {
    expect(describeError(new Error('a', { cause: 'plain words' }))).toBe('a\ncaused by: plain words');
    expect(describeError('just text')).toBe('just text');
    expect(describeError(null)).toBe('');
    const loop = new Error('again');
    (loop as { cause?: unknown }).cause = loop;
    expect(describeError(loop).split('\n')).toEqual(['again', ...Array(7).fill('caused by: again')]);
  });

  it('a plain object with its own toJSON is redacted as its JSON form: a toJSON closing over a secret cannot write it out', () => {
    const original = {
      apiKey: 'ix.0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      note: 'x',
    };
    const shaped = { toJSON: () => original, also: 'y' };
    const out = JSON.stringify(redact(shaped));
    expect(out).not.toContain('0123456789abcdef0123456789abcdef');
    expect(JSON.parse(out)).toEqual({ apiKey: 'ix.0…cdef', note: 'x' });
  });

  it('notes a whole venue key (ix. and 64 hex digits) for the secret scan, not a truncated key or a longer run', () => {
    const whole = `ix.${'0123456789abcdef'.repeat(4)}`;
    const truncated = whole.slice(0, 66);
    const longer = `${whole}0`;
    for (const key of [whole, truncated, longer]) secretTap.secrets.delete(key);
    expect(redactText(`k ${whole} / ${truncated} / ${longer}`)).toBe('k ix.0…cdef / ix.0…bcde / ix.0…def0');
    expect([whole, truncated, longer].map((key) => secretTap.secrets.has(key))).toEqual([true, false, false]);
  });

  it('writes an invalid Date as its JSON form (null) instead of throwing in the logger', () => {
    expect(redact({ at: new Date(Number.NaN), ok: new Date(0) })).toStrictEqual({
      at: null,
      ok: '1970-01-01T00:00:00.000Z',
    });
  });

  it('redacts an error name holding a key, and copies a message that is not text instead of throwing', () => {
    const error = new Error('refused');
    error.name = 'KeyError ix.0123456789abcdef0123';
    Object.defineProperty(error, 'message', { value: { code: 7, token: TOKEN }, enumerable: false });
    delete (error as { stack?: string }).stack;
    expect(redact(error)).toStrictEqual({
      name: 'KeyError ix.0…0123',
      message: { code: 7, token: 'opaq…3210' },
    });
  });
});
