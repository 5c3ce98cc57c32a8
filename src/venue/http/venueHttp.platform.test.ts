import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { createVenueHttp } from './venueHttp.ts';

/** The platform fetch path (no VenueFetch given): the one production uses, over a real socket. */
describe('venue HTTP over the platform fetch', () => {
  const servers: ReturnType<typeof createServer>[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) s.close();
  });

  async function silentServer() {
    const arrived = Promise.withResolvers<void>();
    const closed = Promise.withResolvers<void>();
    const server = createServer((_req, res) => {
      res.on('close', () => closed.resolve());
      arrived.resolve();
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, arrived: arrived.promise, closed: closed.promise };
  }

  it('closes the connection of a read that timed out, so an unanswered request holds no socket', async () => {
    const venue = await silentServer();
    const clock = new VirtualClock();
    const http = createVenueHttp({
      baseUrl: venue.url,
      headers: { 'x-api-key': 'k' },
      clock,
      timeoutMs: 1_000,
      retry: { retries: 0 },
    });
    const read = http.call({ method: 'GET', path: '/v1/positions/all', schema: z.unknown(), kind: 'read' });
    read.catch(() => undefined);
    await venue.arrived;
    await clock.advance(1_000);
    await expect(read).rejects.toThrow('GET /v1/positions/all: no answer within 1000 ms');
    // Resolves only when the abort reached the socket; without it this waits for the test time-out.
    await venue.closed;
  }, 5_000);

  it('sends the query, the headers and a JSON body, and reads the answer', async () => {
    const seen: { method?: string; url?: string; key?: string; type?: string; body?: string } = {};
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        const { method, url, headers } = req;
        Object.assign(seen, { method, url, key: headers['x-api-key'], type: headers['content-type'], body });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: true, statusMessage: 'OK', data: { tempId: 't-1' } }));
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const http = createVenueHttp({
      baseUrl: `http://127.0.0.1:${port}`,
      headers: { 'x-api-key': 'k' },
      clock: new VirtualClock(),
    });
    const ack = await http.call({
      method: 'POST',
      path: '/v1/trade/create-position',
      query: { chainId: 42161 },
      body: { quantity: '0.1' },
      schema: z.object({ tempId: z.string() }),
      kind: 'submit',
    });
    expect(ack).toEqual({ tempId: 't-1' });
    expect(seen).toEqual({
      method: 'POST',
      url: '/v1/trade/create-position?chainId=42161',
      key: 'k',
      type: 'application/json',
      body: '{"quantity":"0.1"}',
    });
  });

  /** A server that answers `{}` and keeps the method, content type and body of each request. */
  async function recordingServer() {
    const seen: { method: string | undefined; type: string | undefined; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        seen.push({ method: req.method, type: req.headers['content-type'], body });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: true, statusMessage: 'OK', data: {} }));
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, seen };
  }

  it('sends a read, which has no body, without a content type', async () => {
    const venue = await recordingServer();
    const http = createVenueHttp({
      baseUrl: venue.url,
      headers: { 'x-api-key': 'k' },
      clock: new VirtualClock(),
    });
    await http.call({ method: 'GET', path: '/v1/positions/all', schema: z.unknown(), kind: 'read' });
    expect(venue.seen).toEqual([{ method: 'GET', type: undefined, body: '' }]);
  });

  it("keeps the caller's own content type for a JSON body, and adds none beside it", async () => {
    const venue = await recordingServer();
    const http = createVenueHttp({
      baseUrl: venue.url,
      headers: { 'x-api-key': 'k', 'Content-Type': 'application/vnd.venue+json' },
      clock: new VirtualClock(),
    });
    await http.call({
      method: 'POST',
      path: '/v1/trade/create-position',
      body: { quantity: '0.1' },
      schema: z.unknown(),
      kind: 'submit',
    });
    expect(venue.seen).toEqual([
      { method: 'POST', type: 'application/vnd.venue+json', body: '{"quantity":"0.1"}' },
    ]);
  });
});
