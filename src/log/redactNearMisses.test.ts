import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors/ConfigError.ts';
import { findLeaks } from './findLeaks.ts';
import { describeError, redact, redactText } from './redact.ts';

const KEY = `ix.${'0123456789abcdef'.repeat(4)}`;
const OPAQUE = 'opaque-credential-0123456789';
const BASIC = Buffer.from('trader:hunter2-very-secret').toString('base64');

/** Secrets a near-miss used to let through, and what the one redactor now prints instead. */
const TEXT_NEAR_MISSES: readonly { name: string; input: string; secret: string; output: string }[] = [
  {
    name: 'a key truncated to its first 60 characters',
    input: `--subaccount: not a 0x-prefixed 40-hex-digit address: "${KEY.slice(0, 60)}"`,
    secret: KEY.slice(0, 60),
    output: '--subaccount: not a 0x-prefixed 40-hex-digit address: "ix.0…5678"',
  },
  {
    name: 'a key truncated to 16 hex digits',
    input: `key ${KEY.slice(0, 19)} was refused`,
    secret: KEY.slice(0, 19),
    output: 'key ix.0…cdef was refused',
  },
  {
    name: 'an upper-case IX. prefix',
    input: `using ${KEY.toUpperCase()} now`,
    secret: KEY.toUpperCase(),
    output: 'using IX.0…CDEF now',
  },
  {
    name: 'a ?key= query parameter',
    input: `GET https://venue.example/v1/positions?key=${OPAQUE}&limit=5`,
    secret: OPAQUE,
    output: 'GET https://venue.example/v1/positions?key=opaq…6789&limit=5',
  },
  {
    name: 'an ?auth= query parameter',
    input: `GET /v1/positions?auth=${OPAQUE}`,
    secret: OPAQUE,
    output: 'GET /v1/positions?auth=opaq…6789',
  },
  {
    name: 'a ?session= query parameter',
    input: `GET /v1/positions?limit=5&session=${OPAQUE}#top`,
    secret: OPAQUE,
    output: 'GET /v1/positions?limit=5&session=opaq…6789#top',
  },
  {
    name: 'an Authorization: Basic header',
    input: `Authorization: Basic ${BASIC}`,
    secret: BASIC,
    output: `Authorization: Basic ${BASIC.slice(0, 4)}…${BASIC.slice(-4)}`,
  },
  {
    name: 'an Authorization: Token header',
    input: `authorization=Token ${OPAQUE}`,
    secret: OPAQUE,
    output: 'authorization=Token opaq…6789',
  },
  {
    name: 'headers given as tuples, printed',
    input: inspect([['x-api-key', OPAQUE]]),
    secret: OPAQUE,
    output: "[ [ 'x-api-key', 'opaq…6789' ] ]",
  },
  {
    name: 'headers given as tuples, as JSON',
    input: JSON.stringify([['Authorization', `Token ${OPAQUE}`]]),
    secret: OPAQUE,
    output: '[["Authorization","Token opaq…6789"]]',
  },
  {
    name: 'a --venue URL with user:password@',
    input: '--venue https://trader:hunter2-very-secret@venue.example/v1',
    secret: 'hunter2-very-secret',
    output: '--venue https://******:hunt…cret@venue.example/v1',
  },
  {
    name: 'a --venue URL with a token as its user',
    input: `--venue https://${OPAQUE}@venue.example`,
    secret: OPAQUE,
    output: '--venue https://opaq…6789@venue.example',
  },
  {
    name: 'a --venue URL with an auth_token parameter',
    input: `cannot reach https://venue.example/v1?auth_token=${OPAQUE}: ECONNREFUSED`,
    secret: OPAQUE,
    output: 'cannot reach https://venue.example/v1?auth_token=opaq…6789: ECONNREFUSED',
  },
  {
    name: 'a JSON body with a session token',
    input: `venue said {"sessionToken":"${OPAQUE}","ok":false}`,
    secret: OPAQUE,
    output: 'venue said {"sessionToken":"opaq…6789","ok":false}',
  },
];

describe('redactor near-misses', () => {
  it.each(TEXT_NEAR_MISSES)('masks $name', ({ input, secret, output }) => {
    const text = redactText(input);
    expect(findLeaks([secret], [{ source: 'text', text }])).toEqual([]);
    expect(text).toBe(output);
  });

  it('masks the value of headers given as [name, value] tuples in metadata', () => {
    const headers = [
      ['x-api-key', OPAQUE],
      ['accept', 'application/json'],
    ];
    expect(redact({ headers })).toEqual({
      headers: [
        ['x-api-key', 'opaq…6789'],
        ['accept', 'application/json'],
      ],
    });
  });

  it('masks auth and session fields in metadata', () => {
    expect(redact({ auth: OPAQUE, sessionId: OPAQUE, basicAuth: BASIC })).toEqual({
      auth: 'opaq…6789',
      sessionId: 'opaq…6789',
      basicAuth: `${BASIC.slice(0, 4)}…${BASIC.slice(-4)}`,
    });
  });

  it('masks a truncated key in a ConfigError a person reads', () => {
    const error = new ConfigError(`--subaccount: not an address: ${JSON.stringify(KEY.slice(0, 60))}`);
    expect(describeError(error)).toBe('--subaccount: not an address: "ix.0…5678"');
  });

  it.each([
    ['a plain venue URL', 'GET https://venue.example/v1/positions/all?limit=50&offset=0'],
    ['key ids and statuses', 'key keyId=key_7 apiKeyId=key_8 status=FILLED tempId=42 monkey=1'],
    ['a subaccount address', 'subaccount 0x00000000000000000000000000000000000000ab on chain 42161'],
    ['a transaction hash', 'tx 0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'],
    ['an e-mail address', 'contact ops@perpflow.example about fix.0123456789'],
    ['an author and a token symbol', 'author=alice token symbol USDC'],
  ])('leaves %s readable', (_name, text) => {
    expect(redactText(text)).toBe(text);
  });
});
