import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import {
  AuthError,
  OutcomeUnknownError,
  PermissionError,
  TransientVenueError,
  VenueProtocolError,
  VenueRejectedError,
} from '../../errors/venueErrors.ts';
import { envelope, failure, json, type Scripted, scriptedVenue, settleOn } from '../testing/scriptedVenue.ts';
import { wireDecimal } from '../wire/scalars.ts';
import { RequestBudget } from './requestBudget.ts';
import { createVenueHttp } from './venueHttp.ts';

const Rows = z.array(z.object({ quantity: wireDecimal }));

function setup(answers: readonly Scripted[], timeoutMs = 5_000) {
  const clock = new VirtualClock();
  const venue = scriptedVenue(answers);
  const http = createVenueHttp({
    baseUrl: 'http://127.0.0.1:1',
    headers: { 'x-api-key': 'k' },
    clock,
    fetch: venue.fetch,
    timeoutMs,
    retry: { retries: 3, baseDelayMs: 100, maxDelayMs: 1_000 },
  });
  const read = () =>
    settleOn(clock, http.call({ method: 'GET', path: '/v1/positions/all', schema: Rows, kind: 'read' }));
  const submit = () =>
    settleOn(
      clock,
      http.call({
        method: 'POST',
        path: '/v1/trade/create-position',
        body: { a: 1 },
        schema: z.object({ tempId: z.string() }),
        kind: 'submit',
      }),
    );
  return { clock, venue, http, read, submit };
}

describe('reads', () => {
  it('retries a 503 read and returns the later answer', async () => {
    const t = setup([failure(503, undefined, 'busy'), envelope([{ quantity: '1.5' }])]);
    const rows = await t.read();
    expect(rows[0]?.quantity.toString()).toBe('1.5');
    expect(t.venue.requests).toHaveLength(2);
  });

  it('waits the Retry-After of a 429 before retrying a read', async () => {
    const t = setup([failure(429, undefined, 'slow down', { 'retry-after': '7' }), envelope([])]);
    const start = t.clock.now();
    await t.read();
    expect(t.clock.now() - start).toBeGreaterThanOrEqual(7_000);
    expect(t.venue.requests).toHaveLength(2);
  });

  it('gives up after the configured retries with a TransientVenueError naming the endpoint', async () => {
    const t = setup([failure(502, undefined, 'bad gateway')]);
    const error = await t.read().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransientVenueError);
    expect(String(error)).toContain('GET /v1/positions/all: HTTP 502');
    expect(String(error)).toContain('gave up after 4 attempts');
    expect(t.venue.requests).toHaveLength(4);
  });

  it('retries a read after a network error', async () => {
    const t = setup([new TypeError('fetch failed'), envelope([])]);
    await expect(t.read()).resolves.toEqual([]);
    expect(t.venue.requests).toHaveLength(2);
  });

  it('retries a read that timed out on the virtual clock', async () => {
    const t = setup(['hang', envelope([])], 2_000);
    await expect(t.read()).resolves.toEqual([]);
    expect(t.venue.requests).toHaveLength(2);
  });

  it('does not retry 401, 403 or 400 reads', async () => {
    for (const [answer, type] of [
      [failure(401, 'UNAUTHORIZED', 'revoked'), AuthError],
      [failure(403, 'FORBIDDEN', 'no permission'), PermissionError],
      [failure(400, 'VALIDATION', 'bad query'), VenueRejectedError],
    ] as const) {
      const t = setup([answer]);
      await expect(t.read()).rejects.toBeInstanceOf(type);
      expect(t.venue.requests).toHaveLength(1);
    }
  });

  it('names the endpoint and the field of a wrongly shaped answer', async () => {
    const t = setup([envelope([{ quantity: true }])]);
    const error = await t.read().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VenueProtocolError);
    expect((error as Error).message).toBe(
      'GET /v1/positions/all: data[0].quantity: expected a number or numeric string',
    );
  });

  it('does not follow a redirect with the credential, and says so', async () => {
    const t = setup([
      new Response(null, { status: 302, headers: { location: 'https://elsewhere.example/' } }),
    ]);
    await expect(t.read()).rejects.toThrow('GET /v1/positions/all: HTTP 302: unexpected status');
    expect(t.venue.requests).toHaveLength(1);
    expect(t.venue.requests[0]?.redirect).toBe('manual');
  });

  it('accepts a bare payload without the envelope', async () => {
    const t = setup([json(200, [{ quantity: 2 }])]);
    const rows = await t.read();
    expect(rows[0]?.quantity.toString()).toBe('2');
  });

  it('reports a bare payload of the wrong shape without the data prefix', async () => {
    const t = setup([json(200, [{ quantity: 'abc' }])]);
    await expect(t.read()).rejects.toThrow(
      'GET /v1/positions/all: [0].quantity: expected a number or numeric string',
    );
  });

  it('answers null to a 404 on callOrNull, without retrying', async () => {
    const t = setup([failure(404, 'NOT_FOUND', 'unknown id')]);
    const result = await settleOn(
      t.clock,
      t.http.callOrNull({
        method: 'GET',
        path: '/v1/positions/open-request/status',
        schema: Rows,
        kind: 'read',
      }),
    );
    expect(result).toBeNull();
    expect(t.venue.requests).toHaveLength(1);
  });
});

describe('submits are sent exactly once', () => {
  const unclear: readonly [string, Scripted][] = [
    ['a 500', failure(500, undefined, 'oops')],
    ['a 503', failure(503, undefined, 'unavailable')],
    ['a 429', failure(429, undefined, 'slow', { 'retry-after': '1' })],
    [
      'a connection reset',
      Object.assign(new TypeError('fetch failed'), { cause: new Error('read ECONNRESET') }),
    ],
    ['a time-out', 'hang'],
    ['a 2xx that is not JSON', new Response('<html>', { status: 201 })],
    ['a 2xx of the wrong shape', envelope({ id: 1 }, 201)],
    ['a 400 without an error code', json(400, { message: 'timed out upstream' })],
  ];
  for (const [what, answer] of unclear) {
    it(`turns ${what} into OutcomeUnknownError and never resends`, async () => {
      const t = setup([answer, envelope({ tempId: 'second' }, 201)]);
      await expect(t.submit()).rejects.toBeInstanceOf(OutcomeUnknownError);
      await t.clock.advance(60_000);
      expect(t.venue.requests).toHaveLength(1);
    });
  }

  it('maps a 400 with a code to VenueRejectedError carrying the code', async () => {
    const t = setup([failure(400, '4104', 'market moved beyond slippage')]);
    const error = await t.submit().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VenueRejectedError);
    expect((error as VenueRejectedError).venueCode).toBe('4104');
    expect(t.venue.requests).toHaveLength(1);
  });

  it('maps 401 to AuthError and 403 to PermissionError on a submit', async () => {
    await expect(setup([failure(401, undefined, 'x')]).submit()).rejects.toBeInstanceOf(AuthError);
    await expect(setup([failure(403, undefined, 'x')]).submit()).rejects.toBeInstanceOf(PermissionError);
  });

  it('returns the tempId of an accepted submit', async () => {
    const t = setup([envelope({ tempId: 't-1', status: 'PENDING' }, 201)]);
    await expect(t.submit()).resolves.toEqual({ tempId: 't-1' });
  });
});

describe('request budget', () => {
  it('spaces requests beyond the burst at the configured rate on the injected clock', async () => {
    const clock = new VirtualClock();
    const venue = scriptedVenue([envelope([])]);
    const budget = new RequestBudget(clock, { ratePerSecond: 10, burst: 2 });
    const http = createVenueHttp({
      baseUrl: 'http://127.0.0.1:1',
      headers: {},
      clock,
      fetch: venue.fetch,
      budget,
    });
    const start = clock.now();
    const calls = Array.from({ length: 5 }, () =>
      http.call({ method: 'GET', path: '/v1/x', schema: z.unknown(), kind: 'read' }),
    );
    await settleOn(clock, Promise.all(calls));
    expect(venue.requests).toHaveLength(5);
    // 2 at once, then one per 100 ms.
    expect(clock.now() - start).toBe(300);
  });
});
