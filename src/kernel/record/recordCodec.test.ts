import { describe, expect, it } from 'vitest';
import { dec } from '../../domain/money.ts';
import {
  AuthError,
  OutcomeUnknownError,
  PermissionError,
  TransientVenueError,
  VenueProtocolError,
  VenueRejectedError,
} from '../../errors/venueErrors.ts';
import { decodeError, decodeValue, encodeError, encodeValue } from './recordCodec.ts';

/** What a replay throws in place of `e`: recorded, written, read back. */
const replayed = (e: unknown): Error => {
  const { x } = decodeValue<{ x: unknown }>(encodeValue({ x: e }));
  if (!(x instanceof Error)) throw new Error(`not decoded as an error: ${JSON.stringify(x)}`);
  return x;
};

/** The parts of an error the core decides by. */
const parts = (e: Error) => ({
  class: e.constructor.name,
  name: e.name,
  message: e.message,
  status: (e as { details?: { status?: unknown } }).details?.status,
  venueCode: (e as { venueCode?: unknown }).venueCode,
  retryAfterMs: (e as { retryAfterMs?: unknown }).retryAfterMs,
  permission: (e as { permission?: unknown }).permission,
});

describe('recorded venue errors', () => {
  it('come back as the class the venue port threw, with its status, code, Retry-After and permission', () => {
    const cases: Error[] = [
      new AuthError('HTTP 401', { status: 401 }),
      new PermissionError('HTTP 403', { status: 403, permission: 'trade' }),
      new PermissionError('no permission named'),
      new TransientVenueError('HTTP 429', { status: 429, retryAfterMs: 1_500 }),
      new TransientVenueError('socket hang up'),
      new VenueRejectedError('refused', { status: 400, venueCode: 'INSUFFICIENT_MARGIN' }),
      new VenueRejectedError('solver refused', { venueCode: '4104' }),
      new OutcomeUnknownError('no answer within 10000 ms', { status: 504 }),
      new VenueProtocolError('bad field', { status: 200 }),
    ];
    for (const e of cases) expect(parts(replayed(e)), e.message).toEqual(parts(e));
  });

  it('keep an error of another class as a plain Error of that name, and a thrown non-error as its text', () => {
    class SocketError extends Error {
      override name = 'SocketError';
    }
    expect(parts(replayed(new SocketError('ECONNRESET')))).toEqual({
      class: 'Error',
      name: 'SocketError',
      message: 'ECONNRESET',
      status: undefined,
      venueCode: undefined,
      retryAfterMs: undefined,
      permission: undefined,
    });
    expect(encodeError('just a string')).toEqual({ n: 'Error', m: 'just a string' });
    expect(encodeError(new Error('no details'))).toEqual({ n: 'Error', m: 'no details' });
  });

  it('read a refusal recorded without its venue code as UNKNOWN', () => {
    expect((decodeError({ n: 'VenueRejectedError', m: 'refused' }) as VenueRejectedError).venueCode).toBe(
      'UNKNOWN',
    );
  });

  it('pass their messages through the redactor', () => {
    const key = `ix.${'ab12'.repeat(16)}`;
    expect(encodeError(new Error(`key ${key} revoked`)).m).not.toContain(key);
    expect(encodeError(`key ${key} revoked`).m).not.toContain(key);
  });
});

describe('recorded values', () => {
  it('keep Decimals exact, at any depth, and everything else as JSON', () => {
    const value = {
      a: dec('60000.12345678'),
      b: [dec('0.1'), { c: dec('-3') }],
      d: 'text',
      e: 1.5,
      f: null,
      g: true,
    };
    const back = decodeValue<typeof value>(encodeValue(value));
    expect(back.a.toString()).toBe('60000.12345678');
    expect(back.b[0]?.toString()).toBe('0.1');
    expect((back.b[1] as { c: { toString(): string } }).c.toString()).toBe('-3');
    expect([back.d, back.e, back.f, back.g]).toEqual(['text', 1.5, null, true]);
    expect(encodeValue(value)).toBe(
      '{"a":"§60000.12345678","b":["§0.1",{"c":"§-3"}],"d":"text","e":1.5,"f":null,"g":true}',
    );
  });

  it('leave an object with a $e that is not a recorded error as it is', () => {
    expect(decodeValue('{"x":{"$e":{"n":1,"m":"x"}}}')).toEqual({ x: { $e: { n: 1, m: 'x' } } });
    expect(decodeValue('{"x":{"$e":{"n":"E"}}}')).toEqual({ x: { $e: { n: 'E' } } });
    expect(decodeValue('{"x":{"$e":{"m":"x"}}}')).toEqual({ x: { $e: { m: 'x' } } });
    expect(decodeValue('{"x":{"$e":null}}')).toEqual({ x: { $e: null } });
    expect(decodeValue('{"x":{"$e":"text"}}')).toEqual({ x: { $e: 'text' } });
    expect(decodeValue('{"x":{"$e":{"n":"E","m":2}}}')).toEqual({ x: { $e: { n: 'E', m: 2 } } });
  });
});
