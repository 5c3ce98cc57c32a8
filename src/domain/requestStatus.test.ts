import { describe, expect, it } from 'vitest';
import {
  canTransition,
  IllegalTransitionError,
  isTerminal,
  isUnresolved,
  REQUEST_STATUSES,
  type RequestStatus,
  TRANSITIONS,
  transition,
} from './requestStatus.ts';

/** The legal moves, written out once more by hand so the table cannot drift unnoticed. */
const LEGAL = new Set<string>([
  'CREATED>SUBMITTING',
  'CREATED>NOT_SENT',
  'SUBMITTING>ACCEPTED',
  'SUBMITTING>FILLED',
  'SUBMITTING>REJECTED',
  'SUBMITTING>UNKNOWN',
  'ACCEPTED>FILLED',
  'ACCEPTED>CANCELED',
  'ACCEPTED>EXPIRED',
  'ACCEPTED>FAILED',
  'ACCEPTED>UNKNOWN',
  'UNKNOWN>ACCEPTED',
  'UNKNOWN>FILLED',
  'UNKNOWN>CANCELED',
  'UNKNOWN>EXPIRED',
  'UNKNOWN>FAILED',
  'UNKNOWN>RECONCILED_EXECUTED',
  'UNKNOWN>RECONCILED_NOT_EXECUTED',
  'FAILED>RECONCILED_EXECUTED',
]);

const PAIRS: [RequestStatus, RequestStatus][] = REQUEST_STATUSES.flatMap((from) =>
  REQUEST_STATUSES.map((to): [RequestStatus, RequestStatus] => [from, to]),
);

describe('request status table', () => {
  it.each(PAIRS)('%s → %s is legal exactly when listed', (from, to) => {
    const legal = LEGAL.has(`${from}>${to}`);
    expect(canTransition(from, to)).toBe(legal);
    if (legal) expect(transition(from, to)).toBe(to);
    else expect(() => transition(from, to, 'cr_1')).toThrow(IllegalTransitionError);
  });

  it('lists every legal transition exactly once', () => {
    const listed = Object.entries(TRANSITIONS).flatMap(([from, tos]) => tos.map((to) => `${from}>${to}`));
    expect(new Set(listed).size).toBe(listed.length);
    expect(new Set(listed)).toEqual(LEGAL);
  });

  it('never lets a terminal state regress except the FAILED correction by reconciliation', () => {
    for (const from of REQUEST_STATUSES.filter(isTerminal)) {
      const exits = TRANSITIONS[from];
      if (from === 'FAILED') expect(exits).toEqual(['RECONCILED_EXECUTED']);
      else expect(exits).toEqual([]);
    }
  });

  it('names the subject and both states in the error', () => {
    expect(() => transition('FILLED', 'ACCEPTED', 'cr_42')).toThrow(
      'illegal request transition FILLED → ACCEPTED for cr_42',
    );
  });

  it('treats only in-flight and unknown requests as unresolved', () => {
    expect(REQUEST_STATUSES.filter(isUnresolved)).toEqual(['SUBMITTING', 'UNKNOWN']);
    expect(REQUEST_STATUSES.filter((s) => !isTerminal(s))).toEqual([
      'CREATED',
      'SUBMITTING',
      'ACCEPTED',
      'UNKNOWN',
    ]);
  });
});
