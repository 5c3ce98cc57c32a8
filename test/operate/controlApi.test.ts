import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntentId, StrategyId } from '../../src/domain/ids.ts';
import type { ActionOutcome, AuditEntry, StrategyView } from '../../src/operate/api/contract.ts';
import { type ConsoleUnderTest, consoleUnderTest, PASSWORDS } from './support/consoleUnderTest.ts';

let t: ConsoleUnderTest;
beforeAll(async () => {
  t = await consoleUnderTest();
});
afterAll(async () => {
  // Every response and push frame of this file, searched for every secret of the config.
  const leaks = t.secrets.filter((s) => t.seen.some((text) => text.includes(s)));
  await t.stop();
  expect(leaks.length).toBe(0);
});

const json = { 'content-type': 'application/json' };
const act = (who: { cookie: string; csrf?: string }, action: Record<string, unknown>) =>
  t.inject({
    method: 'POST',
    url: '/api/v1/actions',
    headers: { ...json, cookie: who.cookie, ...(who.csrf === undefined ? {} : { 'x-csrf-token': who.csrf }) },
    payload: action,
  });

describe('the control API on a running kernel (simulator, virtual clock)', () => {
  it('answers 401 on every read without a session, and the page and the login without one', async () => {
    for (const path of [
      'bot',
      'account',
      'positions',
      'requests',
      'strategies',
      'audit',
      'log',
      'events',
      'openapi.json',
    ])
      expect((await t.inject({ url: `/api/v1/${path}` })).statusCode, path).toBe(401);
    expect((await t.inject({ url: '/' })).statusCode).toBe(200);
  });

  it('refuses a Host that is not loopback (DNS rebinding) while it listens on loopback', async () => {
    const { cookie } = await t.login('alice');
    const res = await t.inject({ url: '/api/v1/bot', headers: { host: 'evil.example:7474', cookie } });
    expect(res.statusCode).toBe(403);
  });

  it('sets the session cookie HttpOnly, SameSite=Strict, for the whole site, not Secure on plain loopback', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: json,
      payload: { user: 'alice', password: PASSWORDS.alice },
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^perpflow_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
  });

  it('reads: the bot, its strategies (a secret parameter masked) and a position with its mark, as the contract shapes them', async () => {
    const { kernel, clock } = t.k;
    await clock.runUntil(() => kernel.executor.ledger.openLots(StrategyId('once')).length === 1, 30_000);
    const { cookie } = await t.login('victor');
    const get = async (p: string) => (await t.inject({ url: `/api/v1/${p}`, headers: { cookie } })).json();
    expect(await get('bot')).toMatchObject({ mode: 'dry-run', tradingState: 'ACTIVE' });
    const strategies: StrategyView[] = await get('strategies');
    expect(strategies.map((s) => [s.id, s.state, s.intents])).toEqual([
      ['watch', 'running', 0],
      ['once', 'running', 1],
      ['holder', 'running', 0],
    ]);
    // A parameter named like a secret is masked (the scan after the file finds it nowhere whole).
    expect(strategies[2]?.params).toEqual({ apiToken: expect.stringMatching(/^stra…2b1a$/) });
    expect(await get('positions')).toEqual([
      expect.objectContaining({
        market: 'BTCUSDT',
        strategy: 'once',
        side: 'LONG',
        quantity: '0.01',
        mark: '50000',
      }),
    ]);
    expect(await get('session')).toEqual({ user: 'victor', role: 'viewer', csrfToken: expect.any(String) });
  });

  it("an operator's TP/SL shows on the position as the venue holds it", async () => {
    const { kernel, clock } = t.k;
    const alice = await t.login('alice');
    const res = await act(alice, {
      kind: 'setTpSl',
      actionId: 'tpsl-1',
      market: 'BTCUSDT',
      takeProfit: '60000',
      stopLoss: '40000',
    });
    expect(res.statusCode).toBe(200);
    const lot = kernel.executor.ledger.openLots(StrategyId('once'))[0];
    await clock.runUntil(
      () => lot?.quoteId != null && kernel.executor.armedTpSlOn(lot.quoteId)?.stopLoss !== undefined,
      30_000,
    );
    const positions = (
      await t.inject({ url: '/api/v1/positions', headers: { cookie: alice.cookie } })
    ).json();
    expect(positions).toEqual([
      expect.objectContaining({ market: 'BTCUSDT', takeProfit: '60000', stopLoss: '40000' }),
    ]);
  });

  it("a viewer's write is 403 and does nothing", async () => {
    const victor = await t.login('victor');
    const res = await act(victor, { kind: 'pause', actionId: 'v1', strategy: 'watch' });
    expect(res.statusCode).toBe(403);
    expect(t.k.kernel.operator.audit().map((e) => e.actionId)).not.toContain('v1');
    expect(t.k.kernel.operator.pauses.isPaused('watch')).toBe(false);
  });

  it("a write without the CSRF token, or with another session's, is 403 and does nothing", async () => {
    const alice = await t.login('alice');
    const other = await t.login('alice');
    expect(
      (await act({ cookie: alice.cookie }, { kind: 'pause', actionId: 'x1', strategy: 'watch' })).statusCode,
    ).toBe(403);
    expect(
      (
        await act(
          { cookie: alice.cookie, csrf: other.csrf },
          { kind: 'pause', actionId: 'x2', strategy: 'watch' },
        )
      ).statusCode,
    ).toBe(403);
    expect(t.k.kernel.operator.pauses.isPaused('watch')).toBe(false);
  });

  it('a write or a login from another Origin is 403, the write even with the token', async () => {
    const alice = await t.login('alice');
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/actions',
      headers: { ...json, cookie: alice.cookie, 'x-csrf-token': alice.csrf, origin: 'https://evil.example' },
      payload: { kind: 'pause', actionId: 'o1', strategy: 'watch' },
    });
    expect(res.statusCode).toBe(403);
    const login = await t.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { ...json, origin: 'https://evil.example' },
      payload: { user: 'alice', password: PASSWORDS.alice },
    });
    expect([login.statusCode, login.headers['set-cookie']]).toEqual([403, undefined]);
  });

  it('refuses a 1 MB body (413) and a form body (415)', async () => {
    const alice = await t.login('alice');
    const big = await act(alice, { kind: 'pause', actionId: 'b1', strategy: 'x'.repeat(1024 * 1024) });
    expect(big.statusCode).toBe(413);
    const form = await t.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ user: 'alice', password: PASSWORDS.alice }),
    });
    expect(form.statusCode).toBe(415);
  });

  it('serves the page and refuses every path out of its folder, and out of var/reports', async () => {
    expect((await t.inject({ url: '/index.html' })).body).toContain('<title>console</title>');
    for (const url of [
      '/../outside.txt',
      '/%2e%2e/outside.txt',
      '/..%2foutside.txt',
      '/%2e%2e%2foutside.txt',
      '/assets/../../outside.txt',
    ]) {
      const res = await t.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body, url).not.toContain('OUTSIDE-THE-ASSETS');
    }
    const { cookie } = await t.login('victor');
    for (const name of ['..%2f..%2fpackage.json', '%2e%2e', '.env'])
      expect((await t.inject({ url: `/api/v1/reports/${name}`, headers: { cookie } })).statusCode, name).toBe(
        404,
      );
  });

  it("an operator's close: accepted with its request, the position closes, the audit names alice, the same click again is a duplicate", async () => {
    const { kernel, clock } = t.k;
    const alice = await t.login('alice');
    const res = await act(alice, { kind: 'close', actionId: 'close-1', market: 'BTCUSDT' });
    expect(res.statusCode).toBe(200);
    const outcome = res.json<ActionOutcome>();
    expect(outcome).toEqual({ status: 'accepted', actionId: 'close-1', requests: ['cr_op_close-1'] });
    await clock.runUntil(() => kernel.executor.ledger.openLots().length === 0, 30_000);
    const again = await act(alice, { kind: 'close', actionId: 'close-1', market: 'BTCUSDT' });
    expect(again.json()).toEqual({ status: 'duplicate', actionId: 'close-1', first: outcome });
    const audit: AuditEntry[] = (
      await t.inject({ url: '/api/v1/audit', headers: { cookie: alice.cookie } })
    ).json();
    expect(audit[0]).toMatchObject({
      actionId: 'close-1',
      actor: { via: 'console', name: 'alice' },
      outcome,
    });
    const refused = await act(alice, { kind: 'close', actionId: 'close-2', market: 'BTCUSDT' });
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { status: 'refused', actionId: 'close-2', reason: 'no open position on BTCUSDT' },
    ]);
  });

  it('ten wrong passwords: the sixth and later are 429 (the right one too) until the backoff has passed', async () => {
    const wrong = { user: 'alice', password: 'not-her-password' };
    const codes: number[] = [];
    const login = (payload: object) =>
      t.inject({ method: 'POST', url: '/api/v1/login', headers: json, payload, remoteAddress: '10.0.0.9' });
    for (let i = 0; i < 10; i++) codes.push((await login(wrong)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    const right = await login({ user: 'alice', password: PASSWORDS.alice });
    expect([right.statusCode, right.headers['retry-after']]).toEqual([429, '1']);
    await t.k.clock.advance(1_000);
    expect((await login({ user: 'alice', password: PASSWORDS.alice })).statusCode).toBe(200);
  });

  it('the push channel: another Origin is refused; the same origin gets the snapshot, then every change', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const alice = await t.login('alice');
    const foreign = await fetch(`${base}/api/v1/events`, {
      headers: { cookie: alice.cookie, origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    t.seen.push(await foreign.text());
    const none = await fetch(`${base}/api/v1/events`);
    expect(none.status).toBe(401);
    t.seen.push(await none.text());

    const stream = await fetch(`${base}/api/v1/events`, { headers: { cookie: alice.cookie, origin: base } });
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${pattern}: ${text}`);
        text += new TextDecoder().decode(value);
      }
    };
    await readUntil(/event: strategy\ndata: \{"id":"holder"/);
    expect(text.startsWith('event: bot\n')).toBe(true);
    expect((await act(alice, { kind: 'pause', actionId: 'push-1', strategy: 'watch' })).statusCode).toBe(200);
    await readUntil(/event: audit\ndata: \{"actionId":"push-1"/);
    await readUntil(/event: strategy\ndata: \{"id":"watch","state":"paused"/);
    // A count that moves without an event (an intent dropped while paused) is pushed within the second.
    t.k.kernel.operator.pauses.drops({
      kind: 'closeAll',
      intentId: IntentId('in_dropped'),
      strategyId: StrategyId('watch'),
      createdAt: 0,
    });
    await t.k.clock.advance(1_000);
    await readUntil(/event: strategy\ndata: \{"id":"watch","state":"paused"[^\n]*"droppedWhilePaused":1/);
    await reader.cancel();
    t.seen.push(text);
  });
});
