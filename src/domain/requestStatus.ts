/**
 * The life of one of our requests, as the journal records it. Every legal transition is listed
 * once, in TRANSITIONS; anything else throws. Venue status names live in venueStatus.ts: they
 * describe the venue's quote, this describes what we know about our request.
 */
export const RequestStatus = {
  /** Journaled, waiting in the batcher; provably not sent. */
  CREATED: 'CREATED',
  /** Journaled as about to be sent: from here on the venue may have it. */
  SUBMITTING: 'SUBMITTING',
  /** 201 parsed and its tempId journaled; the venue has not reported a terminal state yet. */
  ACCEPTED: 'ACCEPTED',
  /** The outcome is not known (lost response, time-out, 5xx, lost tempId): settle by reconciliation. */
  UNKNOWN: 'UNKNOWN',
  /**
   * The venue reported the request done with a fill (open OPENED, close CLOSED, or a partial
   * close); for a TP/SL set, the venue's synchronous answer that it took effect.
   */
  FILLED: 'FILLED',
  /** The venue reported the request cancelled, or a cancel request reported its target cancelled. */
  CANCELED: 'CANCELED',
  EXPIRED: 'EXPIRED',
  /** The venue accepted the request and then the solver refused it (with an error code). */
  FAILED: 'FAILED',
  /** The venue refused the submit definitively (400 with a code); no tempId exists. */
  REJECTED: 'REJECTED',
  /** Dropped before it was sent (shutdown, restart with the request still in the batcher). */
  NOT_SENT: 'NOT_SENT',
  /** An unknown outcome settled from the positions list: the request did take effect. */
  RECONCILED_EXECUTED: 'RECONCILED_EXECUTED',
  /** An unknown outcome settled from the positions list: the request did not take effect. */
  RECONCILED_NOT_EXECUTED: 'RECONCILED_NOT_EXECUTED',
} as const;
export type RequestStatus = (typeof RequestStatus)[keyof typeof RequestStatus];
export const REQUEST_STATUSES: readonly RequestStatus[] = Object.values(RequestStatus);

const VENUE_OUTCOMES = [
  'FILLED',
  'CANCELED',
  'EXPIRED',
  'FAILED',
] as const satisfies readonly RequestStatus[];

export const TRANSITIONS: Readonly<Record<RequestStatus, readonly RequestStatus[]>> = {
  CREATED: ['SUBMITTING', 'NOT_SENT'],
  // FILLED straight from SUBMITTING: a synchronous request (TP/SL set) whose answer is its effect.
  SUBMITTING: ['ACCEPTED', 'FILLED', 'REJECTED', 'UNKNOWN'],
  ACCEPTED: [...VENUE_OUTCOMES, 'UNKNOWN'],
  // A status poll may still answer after the outcome became unknown; otherwise the positions list decides.
  UNKNOWN: ['ACCEPTED', ...VENUE_OUTCOMES, 'RECONCILED_EXECUTED', 'RECONCILED_NOT_EXECUTED'],
  FILLED: [],
  CANCELED: [],
  EXPIRED: [],
  // The one correction of a terminal state (reliability.md A2): the positions list proves a fill.
  FAILED: ['RECONCILED_EXECUTED'],
  REJECTED: [],
  NOT_SENT: [],
  RECONCILED_EXECUTED: [],
  RECONCILED_NOT_EXECUTED: [],
};

export class IllegalTransitionError extends Error {
  override readonly name = 'IllegalTransitionError';
  readonly from: RequestStatus;
  readonly to: RequestStatus;
  constructor(from: RequestStatus, to: RequestStatus, subject?: string) {
    super(`illegal request transition ${from} → ${to}${subject === undefined ? '' : ` for ${subject}`}`);
    this.from = from;
    this.to = to;
  }
}

export function canTransition(from: RequestStatus, to: RequestStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Returns `to` when the move is legal, throws IllegalTransitionError otherwise. */
export function transition(from: RequestStatus, to: RequestStatus, subject?: string): RequestStatus {
  if (!canTransition(from, to)) throw new IllegalTransitionError(from, to, subject);
  return to;
}

/** Terminal statuses are exactly those with no way out except the FAILED correction. */
export function isTerminal(status: RequestStatus): boolean {
  return status !== 'CREATED' && status !== 'SUBMITTING' && status !== 'ACCEPTED' && status !== 'UNKNOWN';
}

/** A request whose effect on exposure is not yet known blocks new exposure on its market. */
export function isUnresolved(status: RequestStatus): boolean {
  return status === 'SUBMITTING' || status === 'UNKNOWN';
}
