import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clock/VirtualClock.ts';
import type { Notification } from '../../src/report/notify/Notification.ts';
import { WebhookNotifier, type WebhookResult } from '../../src/report/notify/WebhookNotifier.ts';

const KEY = `ix.${'ab12'.repeat(16)}`;
const fill: Notification = {
  kind: 'fill',
  severity: 'info',
  title: 'filled: sma-cross opened BTCUSDT LONG',
  lines: ['0.01 @ 64210.5', `sent with ${KEY}`],
  at: Date.UTC(2026, 0, 1, 12),
};

/** A webhook receiver that answers each POST with the next status of its script (200 after the script). */
async function receiver(
  statuses: number[] = [],
): Promise<{ url: string; bodies: unknown[]; server: Server }> {
  const bodies: unknown[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      bodies.push(JSON.parse(raw));
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, bodies, server };
}

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** onResult as a stream the test can await one result at a time. */
function results(): { onResult: (r: WebhookResult) => void; next: () => Promise<WebhookResult> } {
  const waiting: ((r: WebhookResult) => void)[] = [];
  const ready: WebhookResult[] = [];
  return {
    onResult: (r) => {
      const w = waiting.shift();
      if (w) w(r);
      else ready.push(r);
    },
    next: () => {
      const r = ready.shift();
      return r ? Promise.resolve(r) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}

describe('WebhookNotifier', () => {
  it('posts Slack {text}, Discord {content} and plain JSON, each with the key masked', async () => {
    const hook = await receiver();
    const r = results();
    const n = new WebhookNotifier({
      clock: new VirtualClock(),
      onResult: r.onResult,
      targets: [
        { url: hook.url, format: 'slack' },
        { url: hook.url, format: 'discord' },
        { url: hook.url, format: 'json' },
      ],
    });
    n.notify(fill);
    await n.drained();
    expect(hook.bodies.map((b) => JSON.stringify(b).includes(KEY))).toEqual([false, false, false]);
    expect(hook.bodies).toEqual([
      {
        text: expect.stringMatching(
          /^ℹ️ \*perpflow\* filled: sma-cross opened BTCUSDT LONG\n0\.01 @ 64210\.5\nsent with /,
        ),
      },
      { content: expect.any(String) },
      {
        text: expect.any(String),
        content: expect.any(String),
        notification: {
          kind: 'fill',
          severity: 'info',
          title: 'filled: sma-cross opened BTCUSDT LONG',
          lines: ['0.01 @ 64210.5', expect.not.stringContaining(KEY)],
          at: '2026-01-01T12:00:00.000Z',
        },
      },
    ]);
  });

  it('retries a 503 after the first delay on the bot clock, then delivers once', async () => {
    const hook = await receiver([503]);
    const clock = new VirtualClock();
    const r = results();
    const n = new WebhookNotifier({
      clock,
      onResult: r.onResult,
      targets: [{ url: hook.url }],
      firstDelayMs: 1_000,
    });
    n.notify(fill);
    const first = await r.next();
    await clock.advance(999);
    const early = hook.bodies.length;
    await clock.advance(1);
    const second = await r.next();
    expect({ first, early, second, received: hook.bodies.length }).toEqual({
      first: { outcome: 'retrying', target: new URL(hook.url).host, attempt: 1, why: 'HTTP 503' },
      early: 1,
      second: { outcome: 'sent', target: new URL(hook.url).host, attempt: 2 },
      received: 2,
    });
  });

  it('gives up at once on a 400, which a retry cannot fix', async () => {
    const hook = await receiver([400]);
    const r = results();
    const n = new WebhookNotifier({
      clock: new VirtualClock(),
      onResult: r.onResult,
      targets: [{ url: hook.url }],
    });
    n.notify(fill);
    expect(await r.next()).toEqual({
      outcome: 'gaveUp',
      target: new URL(hook.url).host,
      attempt: 1,
      why: 'HTTP 400',
    });
  });

  it('never blocks the caller: with the receiver down, notify returns at once and keeps only the newest maxQueue', async () => {
    const hook = await receiver();
    await new Promise<void>((resolve) => hook.server.close(() => resolve()));
    const r = results();
    const n = new WebhookNotifier({
      clock: new VirtualClock(),
      onResult: r.onResult,
      targets: [{ url: hook.url }],
      maxQueue: 2,
    });
    for (let i = 0; i < 5; i++) n.notify({ ...fill, title: `fill ${i}` });
    const seen = [await r.next(), await r.next(), await r.next()];
    n.close();
    const host = new URL(hook.url).host;
    expect(seen.map((x) => (x.outcome === 'retrying' ? { ...x, why: 'unreachable' } : x))).toEqual([
      { outcome: 'dropped', target: host, count: 1 },
      { outcome: 'dropped', target: host, count: 1 },
      { outcome: 'retrying', target: host, attempt: 1, why: 'unreachable' },
    ]);
  });
});
