import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { OperatorAction, PushMessage } from '../../src/operate/api/contract.ts';

const ASSETS = join(import.meta.dirname, '../../src/operate/console/assets');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** The control API's headers for the page (src/operate/api/controlApi.ts): no inline script, nothing off-site. */
const CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

export interface Preview {
  readonly url: string;
  /** Sends one push message to every open event stream. */
  push(m: PushMessage): void;
  readonly actions: OperatorAction[];
  readonly gets: string[];
  /** Drops every connection and stops listening, then listens again on the same port (a crash and a restart). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The console's assets with a stand-in API answering the contract's shapes from recorded JSON
 * (fixtures/views.json): to look at the page before (or without) the real control API. Not shipped.
 */
export async function startPreview(o: { signedIn?: boolean } = {}): Promise<Preview> {
  const views = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/views.json'), 'utf8'));
  let signedIn = o.signedIn ?? true;
  const streams = new Set<ServerResponse>();
  const actions: OperatorAction[] = [];
  const gets: string[] = [];
  const json = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    if (!path.startsWith('/api/v1/')) {
      const file = normalize(join(ASSETS, path === '/' ? 'index.html' : path));
      if (!file.startsWith(ASSETS)) return void res.writeHead(403).end();
      try {
        const body = readFileSync(file);
        return void res
          .writeHead(200, {
            'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
            'content-security-policy': CSP,
          })
          .end(body);
      } catch {
        return void res.writeHead(404).end();
      }
    }
    const route = path.slice('/api/v1'.length);
    if (req.method === 'GET') gets.push(route);
    if (route === '/login' && req.method === 'POST') {
      signedIn = true;
      return void json(res, 200, { ok: true });
    }
    if (route === '/logout') {
      signedIn = false;
      return void json(res, 200, { ok: true });
    }
    if (!signedIn) return void json(res, 401, { message: 'sign in' });
    if (route === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(': hello\n\n');
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return;
    }
    if (route === '/actions' && req.method === 'POST') {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const a = JSON.parse(body) as OperatorAction;
        actions.push(a);
        json(res, 200, {
          status: 'accepted',
          actionId: a.actionId,
          requests: a.kind === 'close' ? ['cr_99'] : [],
        });
      });
      return;
    }
    const one = /^\/requests\/([^/?]+)$/.exec(route);
    if (one) {
      const found = (views.requests as { id: string }[]).find(
        (r) => r.id === decodeURIComponent(one[1] ?? ''),
      );
      return void (found ? json(res, 200, found) : json(res, 404, { error: `no request ${one[1]}` }));
    }
    const m = /^\/markets\/[^/]+\/(bars|indicators)$/.exec(route);
    const key = m ? m[1] : route.slice(1).split('?')[0];
    if (key !== undefined && key in views) return void json(res, 200, views[key]);
    json(res, 404, { message: `no ${route}` });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    actions,
    gets,
    push: (m) => {
      for (const s of streams) s.write(`event: ${m.type}\ndata: ${JSON.stringify(m.data)}\n\n`);
    },
    restart: async () => {
      for (const s of streams) s.destroy();
      streams.clear();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    },
    close: async () => {
      for (const s of streams) s.end();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
