import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StrategyId } from '../../src/domain/ids.ts';
import type { PushMessage, RequestChange, RequestView } from '../../src/operate/api/contract.ts';
import { LiveState } from '../../src/operate/api/liveState.ts';
import { openRequestViews, requestViewOf } from '../../src/operate/api/views.ts';
import { type ConsoleUnderTest, consoleUnderTest } from './support/consoleUnderTest.ts';

type Held = Readonly<Record<string, RequestView>>;

// The page's own reducer: client code, typed by its JSDoc under assets/tsconfig.json, not here.
const CLIENT = '../../src/operate/console/assets/lib/withRequestChange.js';
const { withRequestChange } = (await import(CLIENT)) as {
  readonly withRequestChange: (held: Held, c: RequestChange) => Held;
};

/** What the page holds after a full load (GET /requests, as lib/snapshot.js keys it). */
const fullLoad = (t: ConsoleUnderTest): Held =>
  Object.fromEntries(openRequestViews(t.k.kernel).map((v) => [v.id, JSON.parse(JSON.stringify(v))]));

let t: ConsoleUnderTest;
beforeAll(async () => {
  t = await consoleUnderTest();
});
afterAll(async () => {
  await t.stop();
});

// The page's requests (lib/withRequestChange.js over the pushed steps) against a full load at the
// same moment, through a real kernel: a fill after 100 ms, then an operator close.
describe('request changes pushed as steps', () => {
  it('leave the page holding what a full load would show, from the start and from a snapshot taken mid-flight', async () => {
    const changes: RequestChange[] = [];
    let fromStart: Held = fullLoad(t);
    let fromSnapshot: Held | undefined;
    let snapshotIds = new Set<string>();
    const checks: { start: Held; snapshot: Held | undefined; load: Held }[] = [];
    const publish = (m: PushMessage): void => {
      if (m.type !== 'request') return;
      // Over the wire: the page reads JSON.
      const c = JSON.parse(JSON.stringify(m.data)) as RequestChange;
      changes.push(c);
      fromStart = withRequestChange(fromStart, c);
      if (fromSnapshot !== undefined) fromSnapshot = withRequestChange(fromSnapshot, c);
      // After the turn's other steps (one move emits several): the page has heard all of them then.
      queueMicrotask(() => {
        const load = fullLoad(t);
        checks.push({ start: fromStart, snapshot: fromSnapshot, load });
        if (fromSnapshot === undefined && Object.keys(load).length > 0) {
          fromSnapshot = load;
          snapshotIds = new Set(Object.keys(load));
        }
      });
    };
    const state = new LiveState(t.k.kernel, { name: 't', pid: 1, version: 't', venue: 't' }, publish);
    state.start();
    const { kernel, clock } = t.k;
    await clock.runUntil(() => kernel.executor.ledger.openLots(StrategyId('once')).length === 1, 30_000);
    const { cookie, csrf } = await t.login('alice');
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/actions',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
      payload: { kind: 'close', actionId: 'steps-1', market: 'BTCUSDT' },
    });
    expect(res.statusCode).toBe(200);
    await clock.runUntil(() => kernel.executor.ledger.openLots().length === 0, 30_000);
    state.stop();

    // Two requests, each seen moving at least twice (else the test proves nothing about appending).
    const moves = new Map<string, number>();
    for (const c of changes) moves.set(c.id, (moves.get(c.id) ?? 0) + 1);
    expect(moves.size).toBe(2);
    expect(Math.min(...moves.values())).toBeGreaterThanOrEqual(2);
    expect(changes.every((c) => !('history' in c))).toBe(true);
    expect(
      checks.filter((c) => c.snapshot !== undefined && Object.keys(c.load).length > 0).length,
    ).toBeGreaterThan(1);
    for (const { start, snapshot, load } of checks) {
      // A request the journal wrote but never moved was never pushed: the page learns of it at its first step.
      const heard = (ids: ReadonlySet<string>) =>
        Object.fromEntries(Object.entries(load).filter(([id, v]) => v.history.length > 1 || ids.has(id)));
      expect(start).toEqual(heard(new Set()));
      if (snapshot !== undefined) expect(snapshot).toEqual(heard(snapshotIds));
    }
    expect(fromStart).toEqual({});
    expect(fromSnapshot).toEqual({});
  });

  it('GET /requests/:id answers one request’s whole journal history, settled or not; 404 for an unknown id', async () => {
    const { cookie } = await t.login('victor');
    const [any] = t.k.kernel.executor.journal.fills();
    const id = String(any?.clientRequestId);
    const res = await t.inject({ url: `/api/v1/requests/${id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const view = res.json<RequestView>();
    expect(view).toEqual(JSON.parse(JSON.stringify(requestViewOf(t.k.kernel, id))));
    expect(view.history.at(-1)?.status).toBe('FILLED');
    expect(view.history.length).toBeGreaterThan(2);
    expect((await t.inject({ url: '/api/v1/requests/cr_nope', headers: { cookie } })).statusCode).toBe(404);
  });
});
