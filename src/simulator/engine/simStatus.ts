import type { RequestKind, VenueStatus } from '../../domain/venueStatus.ts';
import type { Quote, Request } from './state.ts';

type Table = Readonly<Partial<Record<VenueStatus, readonly VenueStatus[]>>>;

/**
 * The life of a quote (an open and, once filled, its position), every legal move listed once.
 * A cancel moves the quote to CANCEL_PENDING, yet the fill may still win the race (OPENED) or the
 * LIMIT's time run out (EXPIRED); a liquidation takes a position whatever close is pending.
 */
export const QUOTE_TRANSITIONS: Table = {
  PENDING: ['LOCKED', 'CANCEL_PENDING', 'OPENED', 'FAILED', 'EXPIRED'],
  LOCKED: ['CANCEL_PENDING', 'OPENED', 'FAILED'],
  CANCEL_PENDING: ['CANCELED', 'OPENED', 'FAILED', 'EXPIRED'],
  OPENED: ['CLOSE_PENDING', 'LIQUIDATED'],
  CLOSE_PENDING: ['OPENED', 'CLOSED', 'CANCEL_CLOSE_PENDING', 'LIQUIDATED'],
  CANCEL_CLOSE_PENDING: ['OPENED', 'CLOSED', 'LIQUIDATED'],
};

/** The life of each kind of request; a request starts in INITIAL_STATUS[kind]. */
export const REQUEST_TRANSITIONS: Readonly<Record<RequestKind, Table>> = {
  open: {
    PENDING: ['LOCKED', 'CANCEL_PENDING', 'OPENED', 'FAILED', 'EXPIRED'],
    LOCKED: ['CANCEL_PENDING', 'OPENED', 'FAILED'],
    CANCEL_PENDING: ['CANCELED', 'OPENED', 'FAILED', 'EXPIRED'],
  },
  close: {
    CLOSE_PENDING: ['CANCEL_CLOSE_PENDING', 'CLOSED', 'OPENED', 'FAILED', 'EXPIRED', 'LIQUIDATED'],
    // A cancel still in flight loses to a fill, an expiry or a liquidation.
    CANCEL_CLOSE_PENDING: ['OPENED', 'CLOSED', 'FAILED', 'EXPIRED', 'LIQUIDATED'],
  },
  cancelOpen: { CANCEL_PENDING: ['CANCELED', 'OPENED', 'EXPIRED', 'FAILED'] },
  cancelClose: { CANCEL_CLOSE_PENDING: ['OPENED', 'CLOSED', 'EXPIRED', 'FAILED'] },
};

export const INITIAL_STATUS: Readonly<Record<RequestKind, VenueStatus>> = {
  open: 'PENDING',
  close: 'CLOSE_PENDING',
  cancelOpen: 'CANCEL_PENDING',
  cancelClose: 'CANCEL_CLOSE_PENDING',
};

/** A move the tables do not list: an engine bug, never a client's fault (answered 500). */
export class IllegalSimTransitionError extends Error {
  override readonly name = 'IllegalSimTransitionError';
  readonly from: VenueStatus;
  readonly to: VenueStatus;
  constructor(subject: string, from: VenueStatus, to: VenueStatus) {
    super(`simulator: illegal status move ${from} → ${to} for ${subject}`);
    this.from = from;
    this.to = to;
  }
}

/** A quote's end: a status it never leaves (CLOSED, LIQUIDATED, CANCELED, FAILED, EXPIRED). */
export function isQuoteEnd(s: VenueStatus): boolean {
  return QUOTE_TRANSITIONS[s] === undefined;
}

export function canMoveQuote(from: VenueStatus, to: VenueStatus): boolean {
  return QUOTE_TRANSITIONS[from]?.includes(to) ?? false;
}

export function canMoveRequest(kind: RequestKind, from: VenueStatus, to: VenueStatus): boolean {
  return REQUEST_TRANSITIONS[kind][from]?.includes(to) ?? false;
}

/** Moves a quote through QUOTE_TRANSITIONS, stamping `updatedAt`; throws on a move not listed. */
export function moveQuote(q: Quote, to: VenueStatus, now: number): void {
  if (!canMoveQuote(q.status, to)) throw new IllegalSimTransitionError(`quote ${q.tempId}`, q.status, to);
  // The one writer of a quote's status (readonly to everyone else).
  const writable: { status: VenueStatus } = q;
  writable.status = to;
  q.updatedAt = now;
}

/** Moves a request through its kind's table, stamping `updatedAt`; throws on a move not listed. */
export function moveRequest(r: Request, to: VenueStatus, now: number): void {
  if (!canMoveRequest(r.kind, r.status, to))
    throw new IllegalSimTransitionError(`${r.kind} request ${r.tempId}`, r.status, to);
  const writable: { status: VenueStatus } = r;
  writable.status = to;
  r.updatedAt = now;
}
