import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { allowSecretIn } from '../../test/setup/secretAllowance.ts';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { AuthError } from '../errors/venueErrors.ts';
import { createLogger } from './createLogger.ts';
import { describeError, mask, redact, redactText } from './redact.ts';

const API_KEY = `ix.${'a1b2c3d4'.repeat(8)}`;
const API_KEY_UPPER = `ix.${'A1B2C3D4'.repeat(8)}`;
const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIweGFiYyIsImV4cCI6MTc5OTk5OTk5OX0.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmU';
const OPAQUE_BEARER = 'opaque-session-token-0123456789';
const PASSWORD = 'correct horse battery staple';
const SECRETS = [API_KEY, API_KEY_UPPER, JWT, OPAQUE_BEARER, PASSWORD, 'sup3r-s3cret-value-42'];
// secretShapes() builds an AuthError around raw keys on purpose: it is what the redactor must clean.
allowSecretIn('error:AuthError', API_KEY, 'redact.test builds an AuthError whose message holds the raw key');
allowSecretIn(
  'error:AuthError',
  API_KEY_UPPER,
  'redact.test builds an AuthError whose cause holds the raw key',
);

/** Every shape a secret takes on its way into a log line. */
function secretShapes(): { message: string; meta: Record<string, unknown> } {
  const cause = new Error(`upstream said: bad key ${API_KEY_UPPER}`);
  const error = new AuthError(`401 for key ${API_KEY}`, { endpoint: 'GET /v1/positions/all', cause });
  Object.assign(error, { headers: { 'x-api-key': API_KEY, authorization: `Bearer ${JWT}` } });
  return {
    message: `calling with x-api-key: ${API_KEY} and Authorization: Bearer ${OPAQUE_BEARER} at /v1/x?apiKey=${API_KEY}`,
    meta: {
      apiKey: API_KEY,
      api_key: API_KEY_UPPER,
      password: PASSWORD,
      nested: { deeper: [{ token: JWT }, `inline ${JWT}`], privateKey: 'sup3r-s3cret-value-42' },
      headers: new Headers({ 'x-api-key': API_KEY, authorization: `Bearer ${OPAQUE_BEARER}` }),
      map: new Map([['sessionToken', JWT]]),
      url: new URL(`https://venue.example/v1/positions?token=${OPAQUE_BEARER}`),
      error,
    },
  };
}

function assertClean(text: string): void {
  for (const s of SECRETS) expect(text).not.toContain(s);
}

describe('redactor', () => {
  it('masks long values to first and last four characters and short ones entirely', () => {
    expect(mask(API_KEY)).toBe('ix.a…c3d4');
    expect(mask('short')).toBe('*****');
  });

  it('removes every secret shape from free text', () => {
    const { message } = secretShapes();
    assertClean(redactText(`${message} ${JWT} ${API_KEY_UPPER}`));
  });

  it('removes every secret shape from nested metadata, errors, causes and stacks', () => {
    const { meta } = secretShapes();
    assertClean(JSON.stringify(redact(meta)));
  });

  it('keeps non-secret fields readable', () => {
    const out = redact({ apiKeyId: 'key_7', symbol: 'BTCUSDT', quantity: 0.01 }) as Record<string, unknown>;
    expect(out).toEqual({ apiKeyId: 'key_7', symbol: 'BTCUSDT', quantity: 0.01 });
  });

  it('describes an error chain for a person without any secret', () => {
    const { meta } = secretShapes();
    const text = describeError(meta.error);
    expect(text).toContain('401 for key');
    expect(text).toContain('caused by: upstream said');
    assertClean(text);
  });

  it('survives cyclic metadata', () => {
    const a: Record<string, unknown> = { token: JWT };
    a.self = a;
    expect(JSON.stringify(redact(a))).toContain('[Circular]');
  });
});

describe('logger', () => {
  it('writes no secret to the terminal, a JSON stream, a JSON file, or through a child logger', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-log-'));
    const file = join(dir, 'perpflow.log');
    const terminal = new PassThrough();
    const json = new PassThrough();
    let terminalText = '';
    let jsonText = '';
    terminal.on('data', (c: Buffer) => {
      terminalText += c.toString();
    });
    json.on('data', (c: Buffer) => {
      jsonText += c.toString();
    });
    const logger = createLogger({
      level: 'debug',
      file,
      terminal,
      jsonStreams: [json],
      clock: new VirtualClock(0),
    });
    const { message, meta } = secretShapes();
    for (const log of [logger, logger.child({ component: 'test', authorization: `Bearer ${JWT}` })]) {
      log.error(message, meta);
      log.warn(message, meta);
      log.info(message, meta);
      log.debug(message, meta);
    }
    await logger.close();
    const fileText = readFileSync(file, 'utf8');
    expect(fileText.trim().split('\n')).toHaveLength(8);
    expect(jsonText.trim().split('\n')).toHaveLength(8);
    expect(terminalText).toContain('ERROR');
    for (const text of [terminalText, jsonText, fileText]) assertClean(text);
  });

  it('stamps lines with the injected clock', async () => {
    const json = new PassThrough();
    let text = '';
    json.on('data', (c: Buffer) => {
      text += c.toString();
    });
    const logger = createLogger({
      terminal: null,
      jsonStreams: [json],
      clock: new VirtualClock(Date.UTC(2020, 0, 2, 3, 4, 5)),
    });
    logger.info('hello', { symbol: 'BTCUSDT' });
    await logger.close();
    expect(JSON.parse(text)).toMatchObject({
      level: 'info',
      message: 'hello',
      symbol: 'BTCUSDT',
      time: '2020-01-02T03:04:05.000Z',
    });
  });
});
