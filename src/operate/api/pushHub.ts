import type { ServerResponse } from 'node:http';
import type { PushMessage } from './contract.ts';

interface Client {
  readonly res: ServerResponse;
  readonly sessionId: string;
}

/**
 * The push channel's clients (server-sent events): every change goes to each open stream as
 * `event: <type>` / `data: <json>`. A stream of a session that logged out is closed.
 * The frames of one event-loop turn go out together, one write per stream: a fill's turn carries
 * several (request, fill, positions, account, strategy), and a write per frame and per stream was
 * most of what 19 open streams cost the bot. The turn's text is encoded once, and every stream
 * is handed the same bytes (a string is encoded again for each write).
 */
export class PushHub {
  private readonly clients = new Set<Client>();
  /** This turn's frames, not yet written. */
  private pending = '';
  private readonly guard: (text: string, where: string) => string;

  constructor(guard: (text: string, where: string) => string) {
    this.guard = guard;
  }

  get size(): number {
    return this.clients.size;
  }

  /** Opens the stream on `res` and sends `first` (the snapshot a new client starts from). */
  add(res: ServerResponse, sessionId: string, first: readonly PushMessage[]): void {
    // What happened before this snapshot is in it: the turn's earlier frames go to the others only.
    this.flush();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    const client = { res, sessionId };
    this.clients.add(client);
    res.on('close', () => this.clients.delete(client));
    for (const m of first) res.write(this.frame(m));
  }

  publish(m: PushMessage): void {
    if (this.clients.size === 0) return;
    if (this.pending === '') setImmediate(() => this.flush());
    this.pending += this.frame(m);
  }

  /** A comment line: keeps proxies from closing an idle stream. */
  keepAlive(): void {
    this.flush();
    for (const c of this.clients) c.res.write(': keep-alive\n\n');
  }

  closeSession(sessionId: string): void {
    this.flush();
    for (const c of this.clients) if (c.sessionId === sessionId) c.res.end();
  }

  closeAll(): void {
    this.flush();
    for (const c of this.clients) c.res.end();
    this.clients.clear();
  }

  private flush(): void {
    const text = this.pending;
    if (text === '') return;
    this.pending = '';
    const bytes = Buffer.from(text);
    for (const c of this.clients) c.res.write(bytes);
  }

  private frame(m: PushMessage): string {
    return this.guard(`event: ${m.type}\ndata: ${JSON.stringify(m.data)}\n\n`, `push ${m.type}`);
  }
}
