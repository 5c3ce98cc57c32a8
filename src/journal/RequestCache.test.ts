import { describe, expect, it } from 'vitest';
import { ClientRequestId, IntentId } from '../domain/ids.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { RequestStatus } from '../domain/requestStatus.ts';
import { RequestCache } from './RequestCache.ts';
import { sampleOpenRecord } from './testRecord.ts';

const as = (r: RequestRecord, status: RequestStatus, updatedAt: number): RequestRecord => ({
  ...r,
  status,
  updatedAt,
});

describe('RequestCache', () => {
  it('answers the newest record of a request while it is open and after it ends', () => {
    const c = new RequestCache();
    const r = sampleOpenRecord(1);
    c.remember(r);
    c.remember(as(r, 'SUBMITTING', 1));
    c.remember(as(r, 'ACCEPTED', 2));
    expect(c.get(r.clientRequestId)?.status).toBe('ACCEPTED');
    expect(c.all().map((x) => x.status)).toEqual(['ACCEPTED']);
    c.remember(as(r, 'FILLED', 3));
    expect(c.mustGet(r.clientRequestId).status).toBe('FILLED');
    expect(c.all().map((x) => x.status)).toEqual(['FILLED']);
    expect(c.nonTerminal()).toEqual([]);
  });

  it('lists all requests in insert order, each with its newest record, open and ended mixed', () => {
    const c = new RequestCache();
    const [a, b, d] = [sampleOpenRecord(1), sampleOpenRecord(2), sampleOpenRecord(3)];
    c.remember(a);
    c.remember(b);
    c.remember(as(a, 'SUBMITTING', 1));
    c.remember(as(b, 'NOT_SENT', 1));
    c.remember(as(d, 'REJECTED', 2));
    c.remember(as(a, 'ACCEPTED', 3));
    expect(c.all().map((x) => [x.clientRequestId, x.status])).toEqual([
      ['cr_1', 'ACCEPTED'],
      ['cr_2', 'NOT_SENT'],
      ['cr_3', 'REJECTED'],
    ]);
    expect(c.nonTerminal().map((x) => x.clientRequestId)).toEqual(['cr_1']);
    expect(c.nonTerminalCount()).toBe(1);
  });

  it('indexes a request by its intent once, however many records it goes through', () => {
    const c = new RequestCache();
    const r = sampleOpenRecord(1);
    const retry = { ...sampleOpenRecord(2), intentId: r.intentId };
    const third = { ...sampleOpenRecord(3), intentId: r.intentId };
    c.remember(r);
    expect(c.byIntent(IntentId('in_1')).map((x) => x.clientRequestId)).toEqual(['cr_1']);
    c.remember(as(r, 'SUBMITTING', 1));
    c.remember(as(r, 'FAILED', 2));
    c.remember(as(as(r, 'FAILED', 2), 'FAILED', 3));
    c.remember(retry);
    expect(c.byIntent(IntentId('in_1')).map((x) => [x.clientRequestId, x.status])).toEqual([
      ['cr_1', 'FAILED'],
      ['cr_2', 'CREATED'],
    ]);
    c.remember(third);
    c.remember(as(retry, 'SUBMITTING', 4));
    expect(c.byIntent(IntentId('in_1')).map((x) => [x.clientRequestId, x.status])).toEqual([
      ['cr_1', 'FAILED'],
      ['cr_2', 'SUBMITTING'],
      ['cr_3', 'CREATED'],
    ]);
    expect(c.byIntent(IntentId('in_9'))).toEqual([]);
  });

  it("finds an intent's request after a lookup that found none, and another intent's after that", () => {
    const c = new RequestCache();
    const first = sampleOpenRecord(1);
    const other = sampleOpenRecord(2);
    expect(c.byIntent(first.intentId)).toEqual([]);
    c.remember(first);
    expect(c.byIntent(first.intentId).map((x) => x.clientRequestId)).toEqual(['cr_1']);
    // A miss for one intent, then another intent's insert: the first lookup's answer is stale.
    expect(c.byIntent(other.intentId)).toEqual([]);
    c.remember({ ...sampleOpenRecord(3), intentId: other.intentId });
    c.remember(other);
    expect(c.byIntent(other.intentId).map((x) => x.clientRequestId)).toEqual(['cr_3', 'cr_2']);
  });

  it('knows a request first remembered as ended, and refuses an id it never saw', () => {
    const c = new RequestCache();
    c.remember(as(sampleOpenRecord(7), 'NOT_SENT', 0));
    expect(c.has(ClientRequestId('cr_7'))).toBe(true);
    expect(c.byIntent(IntentId('in_7'))).toHaveLength(1);
    expect(c.has(ClientRequestId('cr_8'))).toBe(false);
    expect(() => c.mustGet(ClientRequestId('cr_8'))).toThrow('no journaled request cr_8');
  });
});
