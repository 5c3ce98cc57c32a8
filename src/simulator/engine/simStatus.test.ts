import { describe, expect, it } from 'vitest';
import { RequestKind, VENUE_STATUSES, type VenueStatus } from '../../domain/venueStatus.ts';
import {
  canMoveQuote,
  canMoveRequest,
  IllegalSimTransitionError,
  INITIAL_STATUS,
  moveQuote,
  moveRequest,
  QUOTE_TRANSITIONS,
  REQUEST_TRANSITIONS,
} from './simStatus.ts';
import type { Quote, Request } from './state.ts';

/** The legal moves, written out once more by hand so the tables cannot drift unnoticed. */
const QUOTE_LEGAL = new Set([
  'PENDING>LOCKED',
  'PENDING>CANCEL_PENDING',
  'PENDING>OPENED',
  'PENDING>FAILED',
  'PENDING>EXPIRED',
  'LOCKED>CANCEL_PENDING',
  'LOCKED>OPENED',
  'LOCKED>FAILED',
  'CANCEL_PENDING>CANCELED',
  'CANCEL_PENDING>OPENED',
  'CANCEL_PENDING>FAILED',
  'CANCEL_PENDING>EXPIRED',
  'OPENED>CLOSE_PENDING',
  'OPENED>LIQUIDATED',
  'CLOSE_PENDING>OPENED',
  'CLOSE_PENDING>CLOSED',
  'CLOSE_PENDING>CANCEL_CLOSE_PENDING',
  'CLOSE_PENDING>LIQUIDATED',
  'CANCEL_CLOSE_PENDING>OPENED',
  'CANCEL_CLOSE_PENDING>CLOSED',
  'CANCEL_CLOSE_PENDING>LIQUIDATED',
]);

const REQUEST_LEGAL: Readonly<Record<RequestKind, ReadonlySet<string>>> = {
  open: new Set([
    'PENDING>LOCKED',
    'PENDING>CANCEL_PENDING',
    'PENDING>OPENED',
    'PENDING>FAILED',
    'PENDING>EXPIRED',
    'LOCKED>CANCEL_PENDING',
    'LOCKED>OPENED',
    'LOCKED>FAILED',
    'CANCEL_PENDING>CANCELED',
    'CANCEL_PENDING>OPENED',
    'CANCEL_PENDING>FAILED',
    'CANCEL_PENDING>EXPIRED',
  ]),
  close: new Set([
    'CLOSE_PENDING>CANCEL_CLOSE_PENDING',
    'CLOSE_PENDING>CLOSED',
    'CLOSE_PENDING>OPENED',
    'CLOSE_PENDING>FAILED',
    'CLOSE_PENDING>EXPIRED',
    'CLOSE_PENDING>LIQUIDATED',
    'CANCEL_CLOSE_PENDING>OPENED',
    'CANCEL_CLOSE_PENDING>CLOSED',
    'CANCEL_CLOSE_PENDING>FAILED',
    'CANCEL_CLOSE_PENDING>EXPIRED',
    'CANCEL_CLOSE_PENDING>LIQUIDATED',
  ]),
  cancelOpen: new Set([
    'CANCEL_PENDING>CANCELED',
    'CANCEL_PENDING>OPENED',
    'CANCEL_PENDING>EXPIRED',
    'CANCEL_PENDING>FAILED',
  ]),
  cancelClose: new Set([
    'CANCEL_CLOSE_PENDING>OPENED',
    'CANCEL_CLOSE_PENDING>CLOSED',
    'CANCEL_CLOSE_PENDING>EXPIRED',
    'CANCEL_CLOSE_PENDING>FAILED',
  ]),
};

const PAIRS = VENUE_STATUSES.flatMap((from) =>
  VENUE_STATUSES.map((to): [VenueStatus, VenueStatus] => [from, to]),
);
const KINDS = Object.values(RequestKind);

const quoteIn = (status: VenueStatus) =>
  ({ tempId: 'tmp-0000001', status, updatedAt: 0 }) as unknown as Quote;
const requestIn = (kind: RequestKind, status: VenueStatus) =>
  ({ tempId: 'tmp-0000002', kind, status, updatedAt: 0 }) as unknown as Request;

const listed = (t: Readonly<Partial<Record<string, readonly string[]>>>) =>
  Object.entries(t).flatMap(([from, tos]) => (tos ?? []).map((to) => `${from}>${to}`));

describe('simulator quote status table', () => {
  it.each(PAIRS)('quote %s → %s is legal exactly when listed', (from, to) => {
    const legal = QUOTE_LEGAL.has(`${from}>${to}`);
    expect(canMoveQuote(from, to)).toBe(legal);
    const q = quoteIn(from);
    if (legal) {
      moveQuote(q, to, 42);
      expect([q.status, q.updatedAt]).toEqual([to, 42]);
    } else {
      expect(() => moveQuote(q, to, 42)).toThrow(IllegalSimTransitionError);
      expect([q.status, q.updatedAt]).toEqual([from, 0]);
    }
  });

  it('lists every legal quote move exactly once', () => {
    const all = listed(QUOTE_TRANSITIONS);
    expect(new Set(all).size).toBe(all.length);
    expect(new Set(all)).toEqual(QUOTE_LEGAL);
  });
});

describe('simulator request status tables', () => {
  for (const kind of KINDS)
    it.each(PAIRS)(`${kind} request %s → %s is legal exactly when listed`, (from, to) => {
      const legal = REQUEST_LEGAL[kind].has(`${from}>${to}`);
      expect(canMoveRequest(kind, from, to)).toBe(legal);
      const r = requestIn(kind, from);
      if (legal) {
        moveRequest(r, to, 7);
        expect([r.status, r.updatedAt]).toEqual([to, 7]);
      } else expect(() => moveRequest(r, to, 7)).toThrow(IllegalSimTransitionError);
    });

  it.each(KINDS)('lists every legal %s move exactly once, all reachable from its first status', (kind) => {
    const all = listed(REQUEST_TRANSITIONS[kind]);
    expect(new Set(all).size).toBe(all.length);
    expect(new Set(all)).toEqual(REQUEST_LEGAL[kind]);
    expect(REQUEST_TRANSITIONS[kind][INITIAL_STATUS[kind]]?.length).toBeGreaterThan(0);
  });

  it('names the record, its kind and both statuses when a move is illegal', () => {
    expect(() => moveRequest(requestIn('close', 'CLOSED'), 'OPENED', 1)).toThrow(
      'simulator: illegal status move CLOSED → OPENED for close request tmp-0000002',
    );
  });
});
